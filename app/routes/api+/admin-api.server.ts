// Small pieces shared by the users and payments endpoints of the admin JSON API.
import type { UserChangeResult } from "~/server/admin/users.server";
import { apiError } from "~/server/platform/api.server";
import type { PageInfo } from "~/views/page-info";

export const NO_STORE = { "Cache-Control": "private, no-store" };

/** A page of a list: its place among the others in headers, so the body stays the API's array. */
export function pageHeaders(url: URL, info: PageInfo) {
  const headers = new Headers(NO_STORE);
  headers.set("X-Total-Count", String(info.total));
  headers.set("X-Page", String(info.page));
  headers.set("X-Page-Count", String(info.pages));
  const link = (page: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set("page", String(page));
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [
    info.page > 1 ? link(info.page - 1, "prev") : null,
    info.page < info.pages ? link(info.page + 1, "next") : null,
  ].filter(Boolean);
  if (links.length > 0) headers.set("Link", links.join(", "));
  return headers;
}

/** A refused user change: 400 for the caller's own account, 404 for an unknown one. */
export function userChangeResponse(result: Exclude<UserChangeResult, { status: "ok" }>) {
  return apiError(result.status === "self" ? 400 : 404, result.message);
}
