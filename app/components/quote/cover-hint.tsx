// What every quote form says beside the declared value (docs/PRICING.md v3). Its own module: the
// home page's short form takes it without the conform forms' sections.
import { Link } from "@remix-run/react";
import { COVER_OFFER_TEXT, COVER_PAGE_PATH } from "~/domain/goods-cover";

export function CoverHint() {
  return (
    <>
      {COVER_OFFER_TEXT}{" "}
      <Link to={COVER_PAGE_PATH} className="font-semibold text-blue-700 underline">
        What is covered
      </Link>
    </>
  );
}
