// /checkout: "Proceed to Checkout" posts a quote here and gets its booking (pending, unpaid);
// the page shows the booking and the ways to pay, which need a signed-in customer. A signed-in
// customer may add their discount code. Every price is the server's.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthDialog } from "~/components/auth/auth-dialog";
import {
  BookingSummary,
  CheckoutErrorCard,
  PaymentsUnavailable,
  TestModeBanner,
} from "~/components/checkout/booking-summary";
import { CoverForm, type CoverFormAnswer } from "~/components/checkout/cover-form";
import { DiscountForm } from "~/components/checkout/discount-form";
import { EstimateNotice, PriceBreakdown, QuoteBadge } from "~/components/quote/price-breakdown";
import { RouteEntries } from "~/components/quote/route-stops";
import { useArrivalFocus } from "~/components/ui/announcer";
import { LiveOnFirstUse } from "~/components/ui/live-on-first-use";

import { formatDistance } from "~/domain/distance";
import { coverView } from "~/domain/goods-cover";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { coverChoiceSchema, discountCodeSchema } from "~/schemas/checkout";
import { COVER_CHOICE_MESSAGES, DISCOUNT_MESSAGES } from "~/schemas/checkout-messages";
import { proceedToCheckoutSchema } from "~/schemas/quote";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { chooseBookingCover } from "~/server/bookings/booking-cover.server";
import { bookQuote, claimBooking, findBookingFor } from "~/server/bookings/bookings.server";
import { loadBookingForVisitor } from "~/server/bookings/checkout-pages.server";
import { applyDiscountCode, discountOfferFor } from "~/server/bookings/discount-codes.server";
import { cardPaymentMode, type CardPaymentMode } from "~/server/payments/index.server";
import { paypalConfigured } from "~/server/payments/paypal.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getQuoteView, QUOTE_ESTIMATE_TOAST } from "~/server/quotes/quotes.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Checkout",
    description: "Review your move and pay securely.",
    path: "/checkout",
    matches,
    noindex: true,
  });

// "Proceed to Checkout" with a quote that is not (or no longer) there.
const INVALID_QUOTE_TOAST = {
  title: "Invalid Quote",
  description: "Please complete the quote form first",
  variant: "error",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "discount") return addDiscount(request, formData);
  if (formData.get("intent") === "cover") return chooseCover(request, formData);

  const parsed = proceedToCheckoutSchema.safeParse(Object.fromEntries(formData));
  const result = parsed.success
    ? await bookQuote(request, parsed.data.quoteId, await getSessionUser(request))
    : { status: "unknown_quote" as const };
  if (result.status === "unknown_quote")
    return redirectWithToast(request, "/#quote", INVALID_QUOTE_TOAST, { status: 303 });
  if (result.status === "estimate") {
    return redirectWithToast(
      request,
      `/checkout?quote=${encodeURIComponent(result.quoteId)}`,
      { ...QUOTE_ESTIMATE_TOAST, description: result.failure },
      { status: 303 },
    );
  }
  return redirect(`/checkout?booking=${encodeURIComponent(result.bookingId)}`, {
    status: 303,
    headers: result.setCookie ? { "Set-Cookie": result.setCookie } : undefined,
  });
}

async function addDiscount(request: Request, formData: FormData) {
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: discountCodeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const found = await findBookingFor(request, submission.value.bookingId, user);
  if (!found) return data(submission.reply({ formErrors: [DISCOUNT_MESSAGES.notPayable] }), { status: 404 });
  const booking = await claimBooking(found, user);
  const applied = await applyDiscountCode(booking.id, user.id, submission.value.code);
  if (!applied.ok) return data(submission.reply({ fieldErrors: { code: [applied.message] } }), { status: 400 });
  return redirectWithToast(
    request,
    `/checkout?booking=${encodeURIComponent(booking.id)}`,
    {
      title: "Discount applied",
      description: DISCOUNT_MESSAGES.applied(applied.code, applied.percent),
      variant: "success",
    },
    { status: 303 },
  );
}

/** Extended cover added, changed or removed (docs/PRICING.md v3): the booking is priced again. */
async function chooseCover(request: Request, formData: FormData) {
  const user = await requireUser(request);
  const typed = String(formData.get("declaredValue") ?? "");
  const refuse = (errors: string[], status: number) =>
    data<CoverFormAnswer>({ coverForm: { errors, declaredValue: typed } }, { status });
  if (user.role !== "customer") return refuse([COVER_CHOICE_MESSAGES.notPayable], 403);
  // "Remove extended cover" reads no declared value, whatever the field holds.
  if (formData.get("cover") === "standard") formData.delete("declaredValue");
  const submission = parseWithZod(formData, { schema: coverChoiceSchema });
  if (submission.status !== "success")
    return refuse(submission.error?.declaredValue ?? [COVER_CHOICE_MESSAGES.notPayable], 400);
  const found = await findBookingFor(request, submission.value.bookingId, user);
  if (!found) return refuse([COVER_CHOICE_MESSAGES.notPayable], 404);
  const booking = await claimBooking(found, user);
  const declaredValue = submission.value.cover === "standard" ? null : submission.value.declaredValue!;
  const chosen = await chooseBookingCover(booking.id, user.id, declaredValue);
  if (!chosen.ok) return refuse([chosen.message], 400);
  return redirectWithToast(
    request,
    `/checkout?booking=${encodeURIComponent(booking.id)}`,
    {
      title: "Cover updated",
      description: declaredValue
        ? COVER_CHOICE_MESSAGES.added(coverView(declaredValue).name)
        : COVER_CHOICE_MESSAGES.removed,
      variant: "success",
    },
    { status: 303 },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const quoteId = url.searchParams.get("quote");
  if (quoteId && !url.searchParams.has("booking"))
    return { kind: "quote" as const, quote: await getQuoteView(quoteId) };
  const { user, view } = await loadBookingForVisitor(request);
  if (!view) return { kind: "missing" as const };
  const mayDiscount = user?.role === "customer" && !view.paid && !view.cancelled;
  const mayChooseCover = mayDiscount;
  return {
    kind: "booking" as const,
    booking: view,
    signedIn: Boolean(user),
    offer: mayDiscount && user ? await discountOfferFor(user.id) : null,
    mayChooseCover,
    paymentMode: await cardPaymentMode(),
    paypal: await paypalConfigured(),
    cancelled: url.searchParams.has("cancelled"),
    here: `${url.pathname}${url.search.replace(/&?cancelled=1/, "")}`,
  };
}

const loadCoverForm = () => import("~/components/checkout/cover-form").then((module) => module.CoverForm);
const loadDiscountForm = () => import("~/components/checkout/discount-form").then((module) => module.DiscountForm);

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  // An answer to the discount form (a code refused) shows it live at once.
  const answer = useActionData<typeof action>();
  const coverAnswer = answer && "coverForm" in answer ? answer.coverForm : null;
  const discountAnswer = answer && !coverAnswer ? answer : undefined;
  if (page.kind === "quote") return page.quote ? <EstimateCheckout quote={page.quote} /> : <CheckoutErrorCard />;
  if (page.kind === "missing") return <CheckoutErrorCard />;
  const { booking } = page;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {page.cancelled ? (
        <p role="status" className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          Payment cancelled. You have not been charged; choose a way to pay when you are ready.
        </p>
      ) : null}
      <div className="mt-6">
        <BookingSummary booking={booking} testIdPrefix="checkout">
          {page.mayChooseCover ? (
            // Its code loads when it is first used, as the discount form's (live-on-first-use.tsx).
            <LiveOnFirstUse
              name="cover-form"
              load={loadCoverForm}
              props={{ bookingId: booking.id, cover: booking.cover, answer: coverAnswer }}
              eager={Boolean(coverAnswer)}
            >
              {import.meta.env.SSR ? (
                <CoverForm bookingId={booking.id} cover={booking.cover} answer={coverAnswer} />
              ) : null}
            </LiveOnFirstUse>
          ) : null}
          {page.offer ? (
            // The form's code (conform's) loads when the visitor comes to it (live-on-first-use.tsx).
            <LiveOnFirstUse
              name="discount-form"
              load={loadDiscountForm}
              props={{ bookingId: booking.id, offer: page.offer, applied: booking.discount?.code ?? null }}
              eager={Boolean(discountAnswer)}
            >
              {import.meta.env.SSR ? (
                <DiscountForm bookingId={booking.id} offer={page.offer} applied={booking.discount?.code ?? null} />
              ) : null}
            </LiveOnFirstUse>
          ) : null}
        </BookingSummary>
      </div>
      <section aria-labelledby="pay" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="pay" className="text-xl font-semibold">
          Payment
        </h2>
        {booking.paid ? (
          <p className="mt-3" data-testid="already-paid">
            {PAYMENT_MESSAGES.alreadyPaid}{" "}
            <Link className="font-semibold text-blue-700 underline" to={`/booking-confirmation?booking=${booking.id}`}>
              See your confirmation
            </Link>
          </p>
        ) : booking.cancelled ? (
          <p className="mt-3">{PAYMENT_MESSAGES.cancelled}</p>
        ) : page.signedIn ? (
          <PaymentChoices bookingId={booking.id} paymentMode={page.paymentMode} paypal={page.paypal} />
        ) : (
          <div className="mt-4">
            <AuthDialog redirectTo={page.here} message={PAYMENT_MESSAGES.signInToPay} defaultOpen dismissable={false} />
          </div>
        )}
      </section>
    </div>
  );
}

function PaymentChoices({
  bookingId,
  paymentMode,
  paypal,
}: {
  bookingId: string;
  paymentMode: CardPaymentMode;
  paypal: boolean;
}) {
  // Signed in through the dialog: the choices it unlocked take the focus the dialog had.
  const firstChoice = useArrivalFocus<HTMLAnchorElement>("Signed in. Choose how to pay.");
  if (paymentMode === "unavailable" && !paypal)
    return (
      <div className="mt-4">
        <PaymentsUnavailable />
      </div>
    );
  const sandbox = paymentMode === "sandbox";
  const query = `?booking=${encodeURIComponent(bookingId)}`;

  const choice = "block rounded-lg border border-slate-300 p-4 hover:border-blue-600 hover:bg-blue-50";
  return (
    <div className="mt-4 space-y-3" data-testid="payment-choices">
      {sandbox ? <TestModeBanner /> : null}
      <Link to={`/stripe-checkout${query}`} className={choice} ref={firstChoice}>
        <span className="block font-semibold text-blue-800">Pay by card on a secure payment page</span>
        <span className="text-sm text-slate-600">
          You will be taken to our card payment provider and brought back here.
        </span>
      </Link>
      <Link to={`/embedded-checkout${query}`} className={choice}>
        <span className="block font-semibold text-blue-800">Pay by card here</span>
        <span className="text-sm text-slate-600">Enter your card details on this site.</span>
      </Link>
      <Link to={`/paypal-checkout${query}`} className={choice}>
        <span className="block font-semibold text-blue-800">Pay with PayPal</span>
        <span className="text-sm text-slate-600">
          {paypal ? "Log in to PayPal to pay." : "PayPal is in test mode here."}
        </span>
      </Link>
    </div>
  );
}

/** A quote priced for an assumed distance: measured again before anything is booked. */
function EstimateCheckout({ quote }: { quote: NonNullable<Awaited<ReturnType<typeof getQuoteView>>> }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <section
        aria-labelledby="summary"
        className="mt-6 rounded-xl border border-slate-200 p-6"
        data-testid="checkout-summary"
      >
        <h2 id="summary" className="text-xl font-semibold">
          Booking summary
        </h2>
        {quote.estimate ? (
          <div className="mt-3 space-y-3">
            <QuoteBadge estimate />
            <EstimateNotice miles={quote.distanceMiles}>
              It cannot be booked until we can measure the distance.
            </EstimateNotice>
            <Form method="post" reloadDocument>
              <input type="hidden" name="quoteId" value={quote.id} />
              <button
                type="submit"
                className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
              >
                Measure the distance again
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-3">
            <input type="hidden" name="quoteId" value={quote.id} />
            <button
              type="submit"
              className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
            >
              Book this move
            </button>
          </Form>
        )}
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <RouteEntries
            pickupAddress={quote.pickupAddress}
            deliveryAddress={quote.deliveryAddress}
            stops={quote.stops}
          />
          <div>
            <dt className="text-slate-600">Moving date</dt>
            <dd>
              {quote.moveDateText} at {quote.moveTime}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Van</dt>
            <dd>
              {VAN_LABELS[quote.vanSize as VanSize]}, {quote.helpersText}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Distance</dt>
            <dd>
              {formatDistance(quote.distanceMiles)}
              {quote.distanceNote ? ` ${quote.distanceNote}` : ""}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Estimated time</dt>
            <dd>{quote.estimatedTime}</dd>
          </div>
        </dl>
        <PriceBreakdown
          lines={quote.breakdown}
          legs={quote.legs}
          className="mt-4 border-t border-slate-200 pt-4"
          testId="checkout-breakdown"
        />
        <p className="mt-4 text-right text-2xl font-extrabold" data-testid="checkout-total">
          {quote.total}
        </p>
      </section>
    </div>
  );
}
