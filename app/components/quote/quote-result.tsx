// The quote card, loaded in the browser only when a page shows it (most visits of a quote page
// show the form). Render it inside <Suspense>: the server renders it in place (entry.server
// waits for the whole document), and hydration keeps the server's HTML until its code is here.
import { lazy } from "react";

export const QuoteResult = /* @__PURE__ */ lazy(() =>
  import("./quote-card").then((module) => ({ default: module.QuoteCard })),
);
