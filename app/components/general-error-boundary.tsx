// One error boundary for the pages that have their own: the page's name as its heading, the
// sentence the product uses for it (from the reason the loader failed), a way to try again and,
// in the admin, the way back to the dashboard. The page's own layout stays around it.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { useToast } from "~/components/toaster";

/** Why the page could not be shown: a response's status and text, or the error's own message. */
function reasonOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText || "Error"}`;
  return error instanceof Error && error.message ? error.message : null;
}

export function GeneralErrorBoundary({
  title,
  sentence,
  retryTo,
  backToDashboard = false,
  toastTitle,
}: {
  title: string;
  /** The sentence under the heading, from the reason (null when the error gave none). */
  sentence: (reason: string | null) => string;
  retryTo: string;
  backToDashboard?: boolean;
  /** Said in a toast too, with the reason. */
  toastTitle?: string;
}) {
  const reason = reasonOf(useRouteError());
  const said = sentence(reason);
  const toast = useToast();
  useEffect(() => {
    if (toastTitle) toast({ title: toastTitle, description: reason ?? said, variant: "error" });
  }, [toastTitle, reason, said, toast]);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">{title}</h1>
      <p className="mt-2 text-red-800">{said}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to={retryTo}
          reloadDocument
          className="inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Retry
        </Link>
        {backToDashboard ? <BackToDashboard look="error" /> : null}
      </div>
    </div>
  );
}
