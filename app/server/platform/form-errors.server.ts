// A page's action that answers with the form's errors (a 400 or a 422) marks the request, so
// the page rendered with them is titled "Error: …" (root loader, utils/seo.ts). Loaders and
// actions of one request share its load context.
import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's page answers a form with errors. */
    formErrors?: boolean;
  }
}

const FORM_ERROR_STATUSES = new Set([400, 422]);

function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  // Remix's data(): { type: "DataWithResponseInit", data, init }.
  const init = (result as { init?: { status?: number } } | null)?.init;
  return typeof init?.status === "number" ? init.status : 200;
}

export function withFormErrorTitle<Args extends { context: AppLoadContext }, Result>(
  action: (args: Args) => Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    const result = await action(args);
    if (FORM_ERROR_STATUSES.has(statusOf(result))) args.context.formErrors = true;
    return result;
  };
}
