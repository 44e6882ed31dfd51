// The quote forms' action: validate (conform + zod), handle conform's add/remove/update
// intents without JavaScript, price and save the quote (or, when the distance service
// fails, a labelled estimate), then show it (PRG).
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { ukToday } from "~/domain/uk-calendar";
import type { QuoteRequest } from "~/schemas/quote";
import { getSessionUser } from "~/server/auth/auth.server";
import { API_RATE_LIMIT } from "~/server/platform/api.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { env } from "~/server/platform/env.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { answerWithToast, redirectWithToast } from "~/server/platform/toast.server";
import {
  createQuoteOrEstimate,
  getQuoteView,
  QUOTE_ERROR_TOAST,
  QUOTE_ESTIMATE_TOAST,
  QuoteInputError,
  quoteCalculatedToast,
} from "~/server/quotes/quotes.server";

/** Where the quote card shows: the same page, with the quote id, at the form's anchor. */
export function quoteResultUrl(request: Request, quoteId: string) {
  return `${new URL(request.url).pathname}?quote=${encodeURIComponent(quoteId)}#quote`;
}

/**
 * A quote page's post counts against the quote API's per-client limit (API_RATE_LIMIT): a
 * quote costs a distance lookup, whether it comes from a page or the API. The refusal, or null.
 */
export async function quotePostLimited(address: string) {
  const result = await hitRateLimit(API_RATE_LIMIT, address);
  return result.allowed
    ? null
    : { message: TOO_MANY_REQUESTS_MESSAGE, headers: { "Retry-After": String(result.retryAfterSeconds) } };
}

export async function submitQuoteForm(request: Request, schema: ZodTypeAny, context: AppLoadContext) {
  const formData = await request.formData();
  // A bot in the honeypot gets the empty form back; nothing is priced or saved.
  if (isSpam(formData)) return redirect(new URL(request.url).pathname, { status: 303 });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    // An intent (add item, more options) is not an error; a failed validation is.
    return data({ lastResult: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }

  const limited = await quotePostLimited(clientAddress(context));
  if (limited)
    return data(
      { lastResult: submission.reply({ formErrors: [limited.message] }) },
      { status: 429, headers: limited.headers },
    );

  const user = await getSessionUser(request);
  try {
    const quote = await createQuoteOrEstimate(submission.value as QuoteRequest, { customerId: user?.id });
    const toast = quote.estimate ? QUOTE_ESTIMATE_TOAST : quoteCalculatedToast(quote.price);
    return redirectWithToast(request, quoteResultUrl(request, quote.id), toast);
  } catch (error) {
    if (!(error instanceof QuoteInputError)) throw error;
    return answerWithToast(request, context, {
      toast: QUOTE_ERROR_TOAST,
      data: { lastResult: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) },
      status: 422,
    });
  }
}

/** What every quote page's loader needs: today (UK), the maps browser key, and the quote shown. */
export async function loadQuotePage(request: Request) {
  const quoteId = new URL(request.url).searchParams.get("quote");
  return {
    today: ukToday(),
    // A browser key is public by design (restricted by referrer); the server key never leaves.
    mapsKey: env.GOOGLE_MAPS_BROWSER_KEY ?? null,
    quote: quoteId ? await getQuoteView(quoteId) : null,
  };
}
