// Coloured badges for a booking's status and payment state (text always says it; colour helps).
import {
  BOOKING_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  type BookingStatusValue,
  type PaymentStateValue,
} from "~/domain/booking-status";

const STATUS_CLASSES: Record<BookingStatusValue, string> = {
  pending: "bg-amber-100 text-amber-900",
  assigned: "bg-blue-100 text-blue-900",
  in_progress: "bg-indigo-100 text-indigo-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

const PAYMENT_CLASSES: Record<PaymentStateValue, string> = {
  unpaid: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-900",
  partially_refunded: "bg-violet-100 text-violet-900",
  refunded: "bg-slate-200 text-slate-800",
};

const BADGE = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function BookingStatusBadge({ status }: { status: BookingStatusValue }) {
  return <span className={`${BADGE} ${STATUS_CLASSES[status]}`}>{BOOKING_STATUS_LABELS[status]}</span>;
}

export function PaymentStateBadge({ state }: { state: PaymentStateValue }) {
  return <span className={`${BADGE} ${PAYMENT_CLASSES[state]}`}>{PAYMENT_STATE_LABELS[state]}</span>;
}
