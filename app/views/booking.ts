import type { BookingStatusValue, PaymentStateValue } from "~/domain/booking-status";

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
  moveDateText: string;
  moveTime: string;
  vanSize: string;
  van: string;
  helpers: number;
  distance: string;
  estimatedTime: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  specialRequirements: string;
  breakdown: { label: string; amount: string; note?: string }[];
  totalPence: number;
  total: string;
  /** The price before a discount, when there was one. */
  originalTotal: string | null;
  discount: { code: string; percent: number } | null;
  items: { name: string; quantity: number }[];
  paid: boolean;
  /** Paid in the built-in sandbox: no real money moved (a local demo, or a staging site). */
  testPayment: boolean;
  cancelled: boolean;
};
