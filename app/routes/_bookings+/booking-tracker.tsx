// /booking-tracker?booking=…[&tab=chat]: a booking's details, its driver, the driver's
// progress, Live Updates and Driver Chat. Only the booking's
// customer, its assigned driver and admins may open it; anyone else gets a 404. With
// JavaScript the page listens for changes and reloads its data as they happen; without it,
// the updates tab refreshes itself every 30 s and the chat posts and comes back.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { BookingStatusBadge } from "~/components/admin/booking-badges";
import { BookingPageError } from "~/components/booking-page-error";
import { ChatPanel } from "~/components/tracker/chat-panel";
import { DiscountOffer } from "~/components/tracker/discount-offer";
import { HelpActions } from "~/components/tracker/help-actions";
import { RateDriver } from "~/components/tracker/rate-driver";
import {
  BookingDetailsCard,
  DriverCard,
  LiveUpdates,
  ProgressCard,
  TrackerTabs,
} from "~/components/tracker/tracker-panels";
import { QUICK_PHRASES } from "~/domain/tracking";
import { trackerSections } from "~/routes/_bookings+/tracker-sections.server";
import { chatMessageSchema } from "~/schemas/tracker";
import { requireUser } from "~/server/auth/auth.server";
import {
  chatMessages,
  chatSideOf,
  markChatSeen,
  sendChatMessage,
  unreadCounts,
  CHAT_MESSAGES,
} from "~/server/bookings/chat.server";
import { livePositionView } from "~/server/bookings/positions.server";
import { ownTicketsOn } from "~/server/bookings/support-requests.server";
import { defaultTrackerTarget, findTrackedBooking, trackerView } from "~/server/bookings/tracking.server";
import { env } from "~/server/platform/env.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { driverCopyHeaders, passDriverCopyHeaders } from "~/utils/driver-app-copies";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";
import { useLiveUpdates } from "~/utils/use-live-updates";

// Shown only on some trackers (a move under way, completed, or with support messages): their
// code loads only there. The server renders them in full, with JavaScript or without.
const LivePosition = lazy(() =>
  import("~/components/tracker/live-position").then((module) => ({ default: module.LivePosition })),
);
const DeliveryProofCard = lazy(() =>
  import("~/components/tracker/delivery-proof").then((module) => ({ default: module.DeliveryProofCard })),
);
const TicketCard = lazy(() =>
  import("~/components/support/ticket-card").then((module) => ({ default: module.TicketCard })),
);
const ClaimsCard = lazy(() =>
  import("~/components/claims/claims-card").then((module) => ({ default: module.ClaimsCard })),
);

export const handle: RouteHandle = { thirdParties: ["googleMaps"] };

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  seo({
    title: page ? `Track booking ${page.view.reference}` : "Track your booking",
    description: "Follow your driver live and message them.",
    path: "/booking-tracker",
    matches,
    noindex: true,
  });

const NOT_FOUND = "Booking not found";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const bookingId = url.searchParams.get("booking");
  // Without a booking (the footer's "Track a Booking", the FAQ's live chat), each account goes
  // to its own place: a customer to their next booking's tracker, on the tab asked for.
  if (!bookingId)
    throw redirect(await defaultTrackerTarget(user, url.searchParams.get("tab") === "chat" ? "chat" : "updates"));
  const found = await findTrackedBooking(bookingId, user);
  if (!found) throw new Response(NOT_FOUND, { status: 404, statusText: NOT_FOUND });
  const { booking, viewer } = found;
  const tab: "updates" | "chat" = url.searchParams.get("tab") === "chat" ? "chat" : "updates";
  const side = chatSideOf(viewer);

  // On the chat tab the other side's messages are now seen (which ticks them on their screen).
  if (tab === "chat") await markChatSeen(booking.id, viewer);
  const [view, messages, unread] = await Promise.all([
    trackerView(booking, viewer),
    tab === "chat" ? chatMessages(booking.id, viewer) : Promise.resolve([]),
    tab === "updates" && side
      ? unreadCounts([booking.id], side).then((counts) => counts.get(booking.id) ?? 0)
      : Promise.resolve(0),
  ]);
  const [sections, position, tickets] = await Promise.all([
    trackerSections({ booking, viewer }),
    livePositionView(booking),
    // The customer's (or driver's) own conversations with support; admins have the support desk.
    viewer === "admin" ? Promise.resolve([]) : ownTicketsOn(booking.id, user),
  ]);
  const page = {
    sections,
    position,
    tickets,
    // The map loads only with a browser key, and only while there is a position to show.
    mapsKey: position ? (env.GOOGLE_MAPS_BROWSER_KEY ?? null) : null,
    view,
    viewer,
    tab,
    messages,
    unread,
    quickPhrases: side ? QUICK_PHRASES[side] : [],
    canSend: side !== null && booking.status !== "cancelled",
    closedReason: side === null ? CHAT_MESSAGES.readOnly : booking.status === "cancelled" ? CHAT_MESSAGES.closed : null,
  };
  // Only the job's driver's view may be kept on their phone for offline use, never a customer's.
  return data(page, { headers: viewer === "driver" ? driverCopyHeaders() : {} });
}

export const headers = passDriverCopyHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const bookingId = new URL(request.url).searchParams.get("booking");
  const found = await findTrackedBooking(bookingId, user);
  if (!found) throw new Response(NOT_FOUND, { status: 404, statusText: NOT_FOUND });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: chatMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const sent = await sendChatMessage({
    booking: found.booking,
    viewer: found.viewer,
    user,
    content: submission.value.content,
  });
  if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }), { status: sent.status });
  // The enhanced form stays on the page (and clears its box); a plain post comes back to the chat.
  return answerWithToast(request, context, {
    toast: null,
    data: submission.reply({ resetForm: true }),
    redirectTo: trackerPath(found.booking.id, "chat"),
  });
}

export default function BookingTracker() {
  const page = useLoaderData<typeof loader>();
  const { view } = page;
  const live = view.status !== "cancelled" && view.status !== "completed";
  useLiveUpdates(view.id, { enabled: live || page.tab === "chat" });
  const refreshHref = trackerPath(view.id, page.tab, { anchor: false });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DiscountOffer offer={page.sections.discount} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-500">Booking {view.reference}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Track your booking</h1>
        </div>
        <BookingStatusBadge status={view.status} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProgressCard tracking={view.tracking} />
          <Suspense fallback={null}>
            {page.position ? (
              <LivePosition position={page.position} mapsKey={page.mapsKey} viewer={page.viewer} />
            ) : null}
            {page.sections.proofs.map((proof) => (
              <DeliveryProofCard key={proof.stop} proof={proof} />
            ))}
          </Suspense>
          {page.tickets.length > 0 ? (
            <section
              id="support"
              aria-labelledby="support-heading"
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="support-heading" className="text-lg font-semibold text-slate-900">
                Your messages with support
              </h2>
              <Suspense fallback={null}>
                <ul className="mt-3 space-y-3">
                  {page.tickets.map((ticket) => (
                    <li key={ticket.id}>
                      <TicketCard ticket={ticket} side="requester" replyAction={`/bookings/${view.id}/help`} />
                    </li>
                  ))}
                </ul>
              </Suspense>
            </section>
          ) : null}
          {page.sections.claims ? (
            <Suspense fallback={null}>
              <ClaimsCard bookingId={view.id} claims={page.sections.claims} />
            </Suspense>
          ) : null}
          {page.sections.canRate ? <RateDriver bookingId={view.id} rating={page.sections.rating} /> : null}
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <TrackerTabs bookingId={view.id} tab={page.tab} unread={page.unread} />
            {page.tab === "chat" ? (
              <ChatPanel
                action={trackerPath(view.id, "chat", { anchor: false })}
                messages={page.messages}
                quickPhrases={page.quickPhrases}
                canSend={page.canSend}
                closedReason={page.closedReason}
                otherSide={page.viewer === "driver" ? "customer" : "driver"}
                refreshHref={trackerPath(view.id, "chat")}
                keepOfflineFor={page.viewer === "driver" ? view.id : undefined}
              />
            ) : (
              <LiveUpdates updates={view.updates} refreshHref={refreshHref} />
            )}
          </div>
        </div>
        <aside className="space-y-6">
          <DriverCard driver={view.driver} viewer={page.viewer} />
          <BookingDetailsCard view={view} />
          {page.sections.help ? (
            <HelpActions
              bookingId={view.id}
              driverPhone={page.sections.help.driverPhone}
              supportPhone={page.sections.help.supportPhone}
              canReportProblem={page.sections.canReportProblem}
            />
          ) : null}
          {page.viewer === "customer" ? (
            <Link to="/bookings" className="inline-block text-sm font-semibold text-blue-700 hover:underline">
              ← All my bookings
            </Link>
          ) : page.viewer === "driver" ? (
            <Link to="/driver" className="inline-block text-sm font-semibold text-blue-700 hover:underline">
              ← My jobs
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <BookingPageError failedTitle="Something went wrong" />;
}
