import type { BookingStatusValue } from "~/domain/booking-status";
import type { StopView } from "~/domain/route-stops";
import type { TrackingStatusValue } from "~/domain/tracking";

/** What the tracker shows of a booking, for the customer, its driver or an admin. */
export type TrackerView = {
  id: string;
  reference: string;
  status: BookingStatusValue;
  statusLabel: string;
  paymentLabel: string;
  pickupAddress: string;
  deliveryAddress: string;
  /** Extra stops in route order, each done or not (live on the day). */
  stops: StopView[];
  moveDateText: string;
  moveTime: string;
  van: string;
  helpers: number;
  /** "no helpers", "2 helpers". */
  helpersText: string;
  price: string;
  cancellable: boolean;
  driver: {
    name: string;
    rating: string;
    completedJobs: number;
    /** Below 5 completed jobs: shown as "New driver". */
    isNew: boolean;
    phone: string;
    van: string;
  } | null;
  /** The customer's name and phone, for the driver and admins only. */
  customer: { name: string; phone: string | null } | null;
  tracking: { status: TrackingStatusValue | null; label: string; progress: number; etaMinutes: number | null };
  updates: { id: string; label: string; text: string; etaMinutes: number | null; at: string }[];
};

/** What the driver handed in at the delivery: shown to the customer, the driver and admins. */
export type DeliveryProofView = {
  /** 0: the final delivery; 1 to 4: a drop-off stop. */
  stop: number;
  title: string;
  recipientName: string;
  signature: { kind: "drawn"; url: string } | { kind: "typed"; name: string };
  damageNotes: string | null;
  /** ISO time. */
  at: string;
  /** "24 Nov 2026, 13:19" on the UK clock. */
  atText: string;
  photos: { url: string; width: number; height: number; alt: string }[];
};

/** One message of a booking's chat, as either side sees it. */
export type ChatMessageView = {
  id: string;
  sender: "user" | "driver" | "admin";
  /** Sent by the side looking. */
  mine: boolean;
  content: string;
  read: boolean;
  /** UK date and time, for reading. */
  at: string;
  /** ISO time, for the <time> element. */
  time: string;
};

/** Where the driver is, on the tracker (the customer's, the driver's and admins' only). */
export type LivePositionView = {
  latitude: number;
  longitude: number;
  /** The stop they are heading for, when its address can be placed. */
  stop: { label: string; address: string; latitude: number; longitude: number } | null;
  miles: number | null;
  minutes: number | null;
  /** ISO time of the last position. */
  recordedAt: string;
  /** "last seen 3 min ago" once positions have stopped coming. */
  lastSeen: string | null;
};

/** A support ticket and its thread, as its requester or an admin sees it. */
export type TicketView = {
  id: string;
  kind: string;
  kindText: string;
  /** A ticket of the kind "claim": its damage claim. */
  claimId: string | null;
  status: "open" | "waiting_on_customer" | "resolved";
  statusText: string;
  /** Who opened it: "Casey (customer)", or a visitor's name and e-mail. */
  from: string;
  booking: { id: string; reference: string } | null;
  latitude: number | null;
  longitude: number | null;
  createdText: string;
  /** The first message, then the replies, oldest first. */
  thread: { id: string; fromSupport: boolean; body: string; atText: string; at: string }[];
};
