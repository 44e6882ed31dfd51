// The error boundary of every page that keeps its layout around a failure (the admin pages, a
// customer's booking pages); the root's own is the last resort for the rest. The page gives its
// words for the failure and the ways on; this reads the error, announces it at once
// (role="alert") and draws it in a red box.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

/** A loader's or action's failure, as a page words it. */
export type PageError = {
  /** A thrown response's status, else 500. */
  status: number;
  /** What the server said with a refused or unavailable answer (a thrown response's text), or null. */
  said: string | null;
  /** "404 Not Found", or the thrown error's own message, or null. */
  reason: string | null;
};

/** The failure the page's boundary is showing. */
export function usePageError(): PageError {
  const error = useRouteError();
  if (isRouteErrorResponse(error))
    return {
      status: error.status,
      said: typeof error.data === "string" && error.data ? error.data : null,
      reason: `${error.status} ${error.statusText || "Error"}`,
    };
  return { status: 500, said: null, reason: error instanceof Error && error.message ? error.message : null };
}

/** The red box's classes; centred, it stands as a page of its own (a customer's booking pages). */
const BOX = "rounded-xl border border-red-200 bg-red-50 p-6";
const CENTRED = " mx-auto my-16 max-w-xl text-center";

export function GeneralErrorBoundary({
  centred = false,
  heading: Heading = "h1",
  headingId,
  describe,
  retryTo,
  actions,
}: {
  /** A page of its own rather than a box in the page's layout. */
  centred?: boolean;
  /** h2 where the page's own h1 stays above the failure (a panel beside a list). */
  heading?: "h1" | "h2";
  /** The heading's id, for a region it names. */
  headingId?: string;
  /** The heading and the sentence under it, in the page's words. */
  describe: (error: PageError) => { title: string; text: string };
  /** "Retry": the page loaded afresh. */
  retryTo?: string;
  /** The other ways on (back to the dashboard, to the customer's bookings). */
  actions?: ReactNode;
}) {
  const { title, text } = describe(usePageError());
  return (
    <div className={centred ? BOX + CENTRED : BOX}>
      <div role="alert">
        <Heading id={headingId} className="text-xl font-bold text-red-900">
          {title}
        </Heading>
        <p className="mt-2 text-red-800">{text}</p>
      </div>
      {retryTo || actions ? (
        <div className={centred ? "mt-4 flex flex-wrap justify-center gap-3" : "mt-4 flex flex-wrap gap-3"}>
          {retryTo ? (
            <Link
              to={retryTo}
              reloadDocument
              className="inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              Retry
            </Link>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
