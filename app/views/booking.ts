import type { BookingStatusValue, PaymentStateValue } from "~/domain/booking-status";
import type { CoverView } from "~/domain/goods-cover";
import type { RouteLeg, StopView } from "~/domain/route-stops";

/** What checkout, confirmation and the receipt show of a booking: display-ready, no secrets. */
export type BookingView = {
  id: string;
  reference: string;
  status: BookingStatusValue;
  paymentState: PaymentStateValue;
  pickupAddress: string;
  deliveryAddress: string;
  /** yyyy-mm-dd */
  moveDate: string;
  /** Whether a driver has taken (or been given) the move. */
  driverFound: boolean;
  moveDateText: string;
  moveTime: string;
  vanSize: string;
  van: string;
  helpers: number;
  /** "no helpers", "2 helpers". */
  helpersText: string;
  distance: string;
  estimatedTime: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Whether the customer wants texts about this move (the checkout's box). */
  textUpdates: boolean;
  specialRequirements: string;
  /** The price's lines; `key` names the line (domain/pricing.ts), `partOfAbove` sits under the one above. */
  breakdown: { key: string; label: string; amount: string; note?: string; partOfAbove?: boolean }[];
  totalPence: number;
  total: string;
  /** The price before a discount, when there was one. */
  originalTotal: string | null;
  discount: { code: string; percent: number } | null;
  items: { name: string; quantity: number }[];
  /** Extra stops in route order, and the route's legs (both empty for a two-address move). */
  stops: StopView[];
  legs: RouteLeg[];
  /** docs/PRICING.md v3: standard cover, or extended cover with its declared value. */
  cover: CoverView;
  paid: boolean;
  /** Paid in the built-in sandbox: no real money moved (a local demo, or a staging site). */
  testPayment: boolean;
  cancelled: boolean;
};
