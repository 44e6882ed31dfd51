import type { JobProgress, NextStep } from "~/domain/job-progress";
import type { StopView } from "~/domain/route-stops";

/** An open job as a driver who may take it sees it: districts only, no street, no customer. */
export type OfferView = {
  bookingId: string;
  reference: string;
  /** ISO date of the move. */
  moveDate: string;
  dateText: string;
  /** "09:00–13:00", UK time. */
  window: string;
  /** Postcode districts: "E1", "SW1A". */
  from: string;
  to: string;
  /** "6.2 miles", or null when the driver has no base postcode. */
  distanceFromBase: string | null;
  van: string;
  helpers: string;
  /** Extra stops beside pickup and delivery. */
  stops: number;
  estimatedTime: string;
  /** The driver's share, formatted. */
  share: string;
};

/**
 * A change to a driver's list, as their page hears it live: an offer added, with its card, or
 * one gone, taken by another driver or closed (cancelled, put to another time).
 */
export type OfferLiveData = { change: "added"; offer: OfferView } | { change: "taken" | "closed"; bookingId: string };

/** One of a driver's own jobs, with the customer's details and the next step to press. */
export type DriverJob = NextStep & {
  id: string;
  reference: string;
  statusLabel: string;
  trackingLabel: string;
  /** Where the job is: the page offers its next step (domain/job-progress.ts), after any action kept offline. */
  progress: JobProgress;
  /** Why the job cannot start yet (before its day), or null. */
  tooSoon: string | null;
  stops: StopView[];
  /** Under way: the driver's position is shared with the customer. */
  sharingPosition: boolean;
  moveDateText: string;
  moveTime: string;
  pickupAddress: string;
  deliveryAddress: string;
  van: string;
  helpersText: string;
  specialRequirements: string | null;
  customer: { name: string; phone: string | null; email: string | null };
  /** The driver's share, formatted. */
  earnings: string;
  /** Chat messages from the customer the driver has not read. */
  unread: number;
  /** Assigned and not started: the driver may still give it back ("I can't do this job"). */
  droppable: boolean;
};

/** What the /driver page's posts answer (take, drop, a step): the card it concerns shows a refusal. */
export type DriverJobsAnswer =
  { ok: true; bookingId: string } | { ok: false; bookingId: string | null; message: string };
