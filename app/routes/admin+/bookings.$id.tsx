import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AssignDriver } from "~/components/admin/assign-driver";
import { BookingStatusBadge, PaymentStateBadge } from "~/components/admin/booking-badges";
import { MessagesTable } from "~/components/admin/messages-table";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { RouteStops } from "~/components/quote/route-stops";
import { TicketCard } from "~/components/support/ticket-card";
import { DeliveryProofCard } from "~/components/tracker/delivery-proof";
import { StatusButton } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { formatDistance } from "~/domain/distance";
import { TRACKING_STATUS_LABELS, TRACKING_STATUSES, type TrackingStatusValue } from "~/domain/tracking";
import {
  adminRefundSchema,
  readDriverSearch,
  rescheduleSchema,
  trackingOverrideSchema,
} from "~/schemas/admin-bookings";
import { ADMIN_BOOKING_MESSAGES, RECORD_ID_PATTERN, TRACKING_REASON_MAX } from "~/schemas/admin-bookings-messages";
import { overrideTracking, rescheduleBooking, unassignDriver } from "~/server/admin/booking-commands.server";
import { bookingDetails } from "~/server/admin/bookings.server";
import { driversToAssign } from "~/server/admin/drivers.server";
import { messagesOfBooking } from "~/server/admin/messages.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { deliveryProofViews } from "~/server/bookings/delivery-proofs.server";
import { bookingInvoices } from "~/server/bookings/invoices.server";
import { newRefundRequestId, refundBookingByAdmin, REFUND_MESSAGES } from "~/server/bookings/refunds.server";
import { supportRequestsFor } from "~/server/bookings/support-requests.server";
import { claimsOfBooking } from "~/server/claims/claims-list.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { useValidatedForm } from "~/utils/use-validated-form";

// A booking's details and history, shown above the list at its own URL
// (/admin/bookings/:id, keeping the list's search), so it can be linked to. An admin assigns
// its driver here (from the drivers nearest the pickup, or by name), and can set the job's
// tracking status by hand, with a reason that goes to the history.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seo({
    title: data ? `Booking ${data.booking.reference}` : "Booking",
    description: "A booking's details and the history of its changes.",
    path: `/admin/bookings/${params.id ?? ""}`,
    matches,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const booking = RECORD_ID_PATTERN.test(id) ? await bookingDetails(id) : null;
  if (!booking)
    throw new Response(ADMIN_BOOKING_MESSAGES.bookingNotFound, {
      status: 404,
      statusText: ADMIN_BOOKING_MESSAGES.bookingNotFound,
    });
  const [supportRequests, proofs, invoices, messages, claims, assign] = await Promise.all([
    supportRequestsFor(booking.id),
    deliveryProofViews(booking.id),
    bookingInvoices(booking.id),
    messagesOfBooking(booking.id),
    claimsOfBooking(booking.id),
    driversToAssign(booking.id, readDriverSearch(new URL(request.url).searchParams)),
  ]);
  return {
    booking,
    supportRequests,
    proofs,
    invoices,
    messages,
    claims,
    assign,
    // Each page's refund form has its own id: sent twice, it refunds once.
    refundRequestId: newRefundRequestId(),
  };
}

/** "Refund": part or all of what was paid goes back; the credit note and the driver's ledger follow. */
async function refund(
  request: Request,
  context: AppLoadContext,
  adminId: string,
  bookingId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: adminRefundSchema });
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({
    ...submission.reply(options),
    form: "refund" as const,
  });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  if (!RECORD_ID_PATTERN.test(bookingId))
    return data(reply({ formErrors: [ADMIN_BOOKING_MESSAGES.bookingNotFound] }), { status: 404 });
  const result = await refundBookingByAdmin({
    bookingId,
    amountPence: submission.value.amount,
    reason: submission.value.reason,
    adminId,
    requestId: submission.value.requestId,
  });
  if (!result.ok) return data(reply({ formErrors: [result.message] }), { status: result.status });
  const { pathname, search } = new URL(request.url);
  return answerWithToast(request, context, {
    toast: { title: REFUND_MESSAGES.done(result.refundedPence), variant: "success" },
    data: { ...reply({ resetForm: true }), status: "success" as const },
    redirectTo: `${pathname}${search}`,
  });
}

/** "Change the date": the move put to another day or time; the customer and driver are told. */
async function reschedule(
  request: Request,
  context: AppLoadContext,
  adminId: string,
  bookingId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: rescheduleSchema });
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({
    ...submission.reply(options),
    form: "reschedule" as const,
  });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  if (!RECORD_ID_PATTERN.test(bookingId))
    return data(reply({ formErrors: [ADMIN_BOOKING_MESSAGES.bookingNotFound] }), { status: 404 });
  const { moveDate, moveTime, reason } = submission.value;
  const result = await rescheduleBooking(adminId, bookingId, { moveDate, moveTime, reason });
  if (!result.ok) return data(reply({ formErrors: [result.message] }), { status: result.status });
  const { pathname, search } = new URL(request.url);
  return answerWithToast(request, context, {
    toast: {
      title: result.changed ? ADMIN_BOOKING_MESSAGES.rescheduled : ADMIN_BOOKING_MESSAGES.statusUnchanged,
      description: `${result.reference}: ${result.whenText}.`,
      variant: result.changed ? "success" : undefined,
    },
    data: { ...reply({ resetForm: true }), status: "success" as const },
    redirectTo: `${pathname}${search}`,
  });
}

/** "Take the driver off this job": it opens to drivers again. */
async function unassign(request: Request, context: AppLoadContext, adminId: string, bookingId: string) {
  const reply = (formErrors: string[]) => ({
    status: "error" as const,
    error: { "": formErrors },
    form: "unassign" as const,
  });
  if (!RECORD_ID_PATTERN.test(bookingId)) return data(reply([ADMIN_BOOKING_MESSAGES.bookingNotFound]), { status: 404 });
  const result = await unassignDriver(adminId, bookingId);
  if (!result.ok) return data(reply([result.message]), { status: result.status });
  const { pathname, search } = new URL(request.url);
  return answerWithToast(request, context, {
    toast: {
      title: ADMIN_BOOKING_MESSAGES.unassigned,
      description: `${result.reference} is open to drivers again.`,
      variant: "success",
    },
    data: { status: "success" as const, form: "unassign" as const },
    redirectTo: `${pathname}${search}`,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "refund") return refund(request, context, admin.id, params.id ?? "", formData);
  if (intent === "reschedule") return reschedule(request, context, admin.id, params.id ?? "", formData);
  if (intent === "unassign") return unassign(request, context, admin.id, params.id ?? "");
  const submission = parseWithZod(formData, { schema: trackingOverrideSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await overrideTracking(
    admin.id,
    params.id ?? "",
    submission.value.trackingStatus,
    submission.value.reason,
  );
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: result.status });
  const label = TRACKING_STATUS_LABELS[submission.value.trackingStatus];
  const { pathname, search } = new URL(request.url);
  return answerWithToast(request, context, {
    toast: {
      title: result.changed ? ADMIN_BOOKING_MESSAGES.trackingChanged : ADMIN_BOOKING_MESSAGES.statusUnchanged,
      description: `${result.reference}: ${label}.`,
      variant: result.changed ? "success" : undefined,
    },
    data: { ...submission.reply({ resetForm: true }), status: "success" as const },
    redirectTo: `${pathname}${search}`,
  });
}

function Panel({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  const { search } = useLocation();
  return (
    <section
      aria-labelledby={labelledBy}
      className="mt-6 rounded-xl border border-blue-200 bg-white p-5 shadow-sm"
      data-testid="booking-details"
    >
      {children}
      <Link
        to={`/admin/bookings${search}`}
        className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline"
      >
        Close details
      </Link>
    </section>
  );
}

export default function AdminBookingDetails() {
  const { booking, supportRequests, proofs, invoices, messages, claims, assign, refundRequestId } =
    useLoaderData<typeof loader>();
  const facts: [string, React.ReactNode][] = [
    ["Customer", booking.customer ? `${booking.customer.username} (${booking.customer.email})` : "Not given yet"],
    ["Phone", booking.customerPhone ?? "Not given"],
    ...(booking.stops.length > 0
      ? ([
          [
            "Route",
            <RouteStops
              key="route"
              pickupAddress={booking.pickupAddress}
              deliveryAddress={booking.deliveryAddress}
              stops={booking.stops}
              showProgress
            />,
          ],
          ["Legs", booking.legs.map((leg, index) => `Leg ${index + 1}: ${formatDistance(leg.miles)}`).join(" · ")],
        ] as [string, React.ReactNode][])
      : ([
          ["Pickup", booking.pickupAddress],
          ["Delivery", booking.deliveryAddress],
        ] as [string, React.ReactNode][])),
    ["Move date", booking.moveDateText],
    ["Van", `${booking.van}, ${booking.helpersText}`],
    ["Distance", booking.distanceText],
    ["Price", booking.priceText],
    ["Payment", <PaymentStateBadge key="payment" state={booking.paymentState} />],
    ["Status", <BookingStatusBadge key="status" status={booking.status} />],
    ["Driver", booking.driver?.name ?? "Unassigned"],
    ...(booking.dispatchText ? [["Dispatch", booking.dispatchText] as [string, string]] : []),
    ["Tracking", booking.trackingStatus ? TRACKING_STATUS_LABELS[booking.trackingStatus] : "Not started"],
    ["Created", booking.createdText],
    ["Last changed", booking.updatedText],
    ...(booking.cancelledText ? [["Cancelled", booking.cancelledText] as [string, string]] : []),
    ...(booking.specialRequirements ? [["Special requirements", booking.specialRequirements] as [string, string]] : []),
  ];
  return (
    <Panel labelledBy="booking-details-heading">
      <h2 id="booking-details-heading" className="text-xl font-bold text-slate-900">
        Booking {booking.reference}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {booking.payments.length > 0 ? (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Payments</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {booking.payments.map((payment) => (
              <li key={payment.id}>
                {payment.createdText}: {payment.amountText} by {payment.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {invoices.length > 0 ? (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Invoices and credit notes</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="booking-invoices">
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={invoice.href} download className="font-medium text-blue-700 underline">
                  {invoice.title} {invoice.number} (PDF)
                </a>
                : issued {invoice.issuedText}, {invoice.total}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {proofs.map((proof) => (
        <div key={proof.stop} className="mt-6">
          <DeliveryProofCard proof={proof} headingLevel="h3" />
        </div>
      ))}

      {claims.length > 0 ? (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Damage claims</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="booking-claims">
            {claims.map((claim) => (
              <li key={claim.id}>
                <Link to={claim.href} className="font-medium text-blue-700 underline">
                  Claim sent {claim.sentText}
                </Link>
                : {claim.stateText}, {claim.claimed} claimed
                {claim.offered ? `, ${claim.offered} offered` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Help requests</h3>
      {supportRequests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No help requests from the tracker.</p>
      ) : (
        <ul className="mt-2 space-y-3" data-testid="booking-support-requests">
          {supportRequests.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard
                ticket={ticket}
                side="support"
                replyAction="/admin/support"
                returnTo={`/admin/bookings/${booking.id}`}
              />
            </li>
          ))}
        </ul>
      )}

      {assign ? (
        <AssignDriver
          reference={booking.reference}
          bookingId={booking.id}
          hasDriver={Boolean(booking.driver)}
          {...assign}
        />
      ) : null}

      {booking.unassignable ? <UnassignForm driverName={booking.driver?.name ?? "The driver"} /> : null}

      {booking.reschedule ? <RescheduleForm current={booking.reschedule} /> : null}

      {booking.driver && booking.status !== "cancelled" ? (
        <TrackingOverrideForm current={booking.trackingStatus ?? "assigned"} />
      ) : null}

      {booking.refundable ? <RefundForm refundable={booking.refundable} requestId={refundRequestId} /> : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Messages</h3>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No e-mail or text about this booking yet.</p>
      ) : (
        <MessagesTable
          messages={messages}
          returnTo={`/admin/bookings/${booking.id}`}
          caption={`Messages about booking ${booking.reference}`}
        />
      )}

      <h3 className="mt-6 text-base font-semibold text-slate-900">History</h3>
      {booking.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No changes recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm" data-testid="booking-history">
          {booking.history.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <span className="font-medium text-slate-900">{entry.text}</span>
              <span className="block text-slate-600">
                by {entry.by}, <time dateTime={entry.at}>{entry.atText}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

type PageForm = "refund" | "reschedule" | "tracking" | "unassign";
/** The tracking form's answer has no `form`: it was the page's first. */
type FormAnswer = SubmissionResult<string[]> & { form?: PageForm };

/** The page's forms each read only their own answer. */
function useFormAnswer(form: PageForm) {
  const answer = useActionData<typeof action>() as FormAnswer | undefined;
  return answer && (answer.form ?? "tracking") === form ? answer : undefined;
}

/** Takes the driver off a job that has not started; it opens to drivers again. */
function UnassignForm({ driverName }: { driverName: string }) {
  const pending = useBusy("unassign");
  const answer = useFormAnswer("unassign");
  const error = answer?.status === "error" ? (answer.error?.[""] ?? [])[0] : null;
  return (
    <section aria-labelledby="unassign-heading" className="mt-6">
      <h3 id="unassign-heading" className="text-base font-semibold text-slate-900">
        Take the driver off
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {driverName} is texted that the job is no longer theirs, and it opens to the drivers who can do it.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="unassign" />
        <StatusButton pending={pending} pendingText="Taking off...">
          Take the driver off this job
        </StatusButton>
      </Form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** At the customer's request, until the move starts: the price stays; the customer and driver are told. */
function RescheduleForm({ current }: { current: { moveDate: string; moveTime: string } }) {
  const pending = useBusy("reschedule");
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/admin-bookings").then((schemas) => schemas.rescheduleSchema),
    { lastResult: useFormAnswer("reschedule"), pending, defaultValue: current },
  );
  return (
    <section aria-labelledby="reschedule-heading" className="mt-6">
      <h3 id="reschedule-heading" className="text-base font-semibold text-slate-900">
        Change the date or time
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        When the customer asks, until the move starts. The price stays as paid; the customer is e-mailed and the driver
        texted the new date.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-3">
        <input type="hidden" name="intent" value="reschedule" />
        <FormErrorSummary form={form} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField meta={fields.moveDate} label="Move date" type="date" />
          <FormField meta={fields.moveTime} label="Start time" type="time" />
        </div>
        <TextareaField
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          id={fields.reason.id}
          label="Reason for the change"
          rows={2}
          maxLength={TRACKING_REASON_MAX}
          errors={fields.reason.errors}
        />
        <StatusButton pending={pending} pendingText="Saving...">
          Change the date
        </StatusButton>
      </Form>
    </section>
  );
}

function TrackingOverrideForm({ current }: { current: TrackingStatusValue }) {
  const pending = useBusy("tracking");
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/admin-bookings").then((schemas) => schemas.trackingOverrideSchema),
    { lastResult: useFormAnswer("tracking"), pending },
  );
  return (
    <section aria-labelledby="tracking-override-heading" className="mt-6">
      <h3 id="tracking-override-heading" className="text-base font-semibold text-slate-900">
        Change the tracking status
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Drivers move a job one step at a time, from 2 hours before its start on the day. Set it here when that cannot
        happen; the reason goes to the history.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-3">
        <FormErrorSummary form={form} />
        <SelectField
          {...getSelectProps(fields.trackingStatus)}
          key={fields.trackingStatus.key}
          id={fields.trackingStatus.id}
          defaultValue={fields.trackingStatus.initialValue ?? current}
          label="Tracking status"
          options={TRACKING_STATUSES.map((status) => ({ value: status, label: TRACKING_STATUS_LABELS[status] }))}
          errors={fields.trackingStatus.errors}
        />
        <TextareaField
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          id={fields.reason.id}
          label="Reason"
          rows={3}
          maxLength={TRACKING_REASON_MAX}
          errors={fields.reason.errors}
        />
        <StatusButton pending={pending} pendingText="Saving...">
          Change tracking status
        </StatusButton>
      </Form>
    </section>
  );
}

function useBusy(form: PageForm) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "tracking") === form;
}

/** Money back to the customer: part or all of what is left; a credit note and the driver's ledger follow. */
function RefundForm({ refundable, requestId }: { refundable: string; requestId: string }) {
  const pending = useBusy("refund");
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/admin-bookings").then((schemas) => schemas.adminRefundSchema),
    { lastResult: useFormAnswer("refund"), pending },
  );
  return (
    <section aria-labelledby="refund-heading" className="mt-6">
      <h3 id="refund-heading" className="text-base font-semibold text-slate-900">
        Refund
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Up to {refundable} is left to refund. It goes back to the customer through the way they paid; a credit note
        corrects the VAT invoice, and the driver&apos;s share of it comes off their earnings (or is reversed if they
        were paid).
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-3">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="requestId" value={requestId} />
        <FormErrorSummary form={form} />
        <FormField meta={fields.amount} label="Amount (£)" type="text" inputMode="decimal" />
        <TextareaField
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          id={fields.reason.id}
          label="Reason for the refund"
          rows={2}
          maxLength={TRACKING_REASON_MAX}
          errors={fields.reason.errors}
        />
        <StatusButton pending={pending} pendingText="Refunding...">
          Refund
        </StatusButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <Panel labelledBy="booking-details-error">
      <GeneralErrorBoundary
        heading="h2"
        headingId="booking-details-error"
        describe={({ status }) => ({
          title: status === 404 ? ADMIN_BOOKING_MESSAGES.bookingNotFound : "The booking could not be loaded.",
          text: status === 404 ? "It may have been deleted, or the link is mistyped." : "Please try again in a moment.",
        })}
      />
    </Panel>
  );
}
