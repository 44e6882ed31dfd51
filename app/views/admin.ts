import type { BookingStatusValue, PaymentStateValue } from "~/domain/booking-status";
import type { MessageState } from "~/domain/message-delivery";
import type { TrackingStatusValue } from "~/domain/tracking";

/** A booking in the admin's list: plain strings, ready to render. */
export type AdminBookingRow = {
  id: string;
  reference: string;
  createdText: string;
  status: BookingStatusValue;
  statusLabel: string;
  paymentState: PaymentStateValue;
  paymentLabel: string;
  trackingStatus: TrackingStatusValue | null;
  pickupAddress: string;
  deliveryAddress: string;
  /** "via 2 extra stops", when the route has them. */
  stopsText: string | null;
  moveDateText: string;
  van: string;
  priceText: string;
  customer: { username: string; email: string } | null;
  driver: { id: string; name: string } | null;
  /** Self-dispatch: open since, offered to how many, taken by whom, or flagged. */
  dispatchText: string | null;
  needsDriver: boolean;
};

/** An approved driver a booking may be given to. */
export type AssignableDriver = {
  id: string;
  name: string;
  location: string;
  van: string;
  /** How far their base is from the pickup in a straight line, when both are placed. */
  milesText: string | null;
};

/** An account in the admin's user list. */
export type AdminUserRow = {
  id: string;
  username: string;
  email: string;
  role: "customer" | "driver" | "admin";
  isActive: boolean;
  /** The day the account was made, UK style. */
  created: string;
};

/** A payment in the admin's payment list. */
export type AdminPaymentRow = {
  id: string;
  customerName: string;
  customerEmail: string;
  amount: string;
  /** Money in, a refund of the price, or a damage claim's compensation (back to the card, or by bank). */
  kind: "Payment" | "Refund" | "Compensation paid" | "Compensation, bank transfer";
  status: "pending" | "processing" | "succeeded" | "failed" | "refunded" | "cancelled";
  /** Taken by the built-in sandbox: no real money (a local demo, or PAYMENTS_SANDBOX=on). */
  testPayment: boolean;
  paymentId: string;
  date: string;
  /** Where the row opens when it is not a Payment of its own (a bank part opens its claim). */
  href: string | null;
  /** The status in words, when it says more than the status ("Paid" for a compensation, "In batch …"). */
  statusText: string | null;
  /** A bank part's payout batch, once it is in one. */
  batch: string | null;
};

/** A driver's application as the admin vets it. */
export type AdminDriverCard = {
  id: string;
  name: string;
  email: string;
  phone: string;
  experience: string;
  vanType: string;
  location: string;
  status: "pending" | "approved" | "declined";
  appliedOn: string;
  appliedAt: string;
  /** "N/A" without a rating. */
  rating: string;
  completedJobs: number;
  /** "92% on time (23 of 25)", or "No arrivals yet". */
  onTime: string;
  /** Assigned jobs the driver gave back. */
  droppedJobs: number;
  /** Given back in the last 7 days, and until when taking is paused for it: "4 · taking paused until …". */
  droppedLately: string;
  /** Their base, radius and jobs a day, in words. */
  dispatch: string;
  /** What the driver is owed now (the ledger's balance; negative when they owe a reversal). */
  balance: string;
  documents: { id: string; kind: string; label: string; href: string }[];
};

/** One payment opened beside the admin's payment list. */
export type AdminPaymentDetails = AdminPaymentRow & {
  method: string;
  provider: string;
  created: string;
  updated: string;
  booking: { id: string; reference: string; status: BookingStatusValue } | null;
};

/** A message on /admin/messages and a booking's admin page (server/admin/messages.server.ts). */
export type AdminMessageRow = {
  id: string;
  channel: "email" | "sms";
  recipient: string | null;
  /** The subject, or a text's first words; null before its first try. */
  summary: string | null;
  state: MessageState;
  tries: number;
  /** While it is retried or dead. */
  lastError: string | null;
  queuedAt: string;
  lastTriedAt: string | null;
  sentAt: string | null;
  deadAt: string | null;
  booking: { id: string; reference: string } | null;
};
