// The terms and conditions: ten sections, a last-updated date.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  APPLICANT_PASS_RATE_PERCENT,
  CANCELLATION,
  INSURANCE_COVER_TEXT,
  MIN_DRIVER_RATING,
  PROHIBITED_ITEMS,
} from "~/domain/claims";
import { TRACK_KEEP_DAYS } from "~/domain/live-position";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { telHref, type PublicConfig } from "~/utils/config";
import { usePublicConfig } from "./use-public-config";

/** When these terms last changed. Update it with the text. */
const TERMS_LAST_UPDATED = "2026-11-21";

interface TermsSection {
  id: string;
  title: string;
  body: (config: PublicConfig) => ReactNode;
}

const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: ({ brandName }) => (
      <p>
        These terms apply to everyone who uses the {brandName} website and services: customers who get quotes and book
        moves, and drivers who offer their services through us. By using the site or making a booking you agree to them.
      </p>
    ),
  },
  {
    id: "platform-purpose",
    title: "Platform Purpose",
    body: ({ brandName }) => (
      <p>
        {brandName} is an online platform that connects customers with independent man-and-van drivers. We provide the
        quote, booking, payment and tracking tools. The moving service itself is provided by the independent driver you
        are matched with, who is not our employee.
      </p>
    ),
  },
  {
    id: "disclaimer-of-liability",
    title: "Disclaimer of Liability",
    body: ({ brandName }) => (
      <>
        <p>
          {brandName} covers loss of or damage to your goods in transport up to the limits of your move&apos;s cover:
          standard cover, included in every booking, or extended cover if you bought it. What is covered, what is not,
          and how to claim within 7 days of delivery are set out on our{" "}
          <Link to="/cover" className="font-semibold text-blue-700 underline">
            What is covered
          </Link>{" "}
          page. Beyond that cover we are not responsible for loss of or damage to goods in transport.
        </p>
        <p>Nothing in these terms limits any liability that cannot be limited by law.</p>
      </>
    ),
  },
  {
    id: "driver-vetting",
    title: "Driver Vetting",
    body: () => (
      <p>
        Before a driver can take bookings we check their driving licence, their vehicle, and their goods-in-transit and
        public liability insurance, which must give cover from {INSURANCE_COVER_TEXT}. About{" "}
        {`${APPLICANT_PASS_RATE_PERCENT}%`} of applicants pass. Drivers must keep an average customer rating of at least{" "}
        {MIN_DRIVER_RATING}/5 to stay on the platform. Vetting reduces risk but does not make us responsible for a
        driver&apos;s acts.
      </p>
    ),
  },
  {
    id: "booking-and-cancellation",
    title: "Booking and Cancellation",
    body: () => (
      <>
        <p>
          A booking is confirmed once it is paid. Please make sure the addresses, date, items and access details you
          give are accurate; a move that differs from the booking may cost more or be refused on the day.
        </p>
        <ul className="list-disc space-y-1 pl-6" data-testid="cancellation-terms">
          <li>
            Cancelling more than {CANCELLATION.freeUntilHoursBefore} hours before the move is free, and you get a full
            refund.
          </li>
          <li>
            Cancelling less than {CANCELLATION.freeUntilHoursBefore} hours before the move costs{" "}
            {CANCELLATION.lateCancellationPercent}% of the booking price.
          </li>
          <li>
            A no-show (nobody there, or the goods not ready, when the driver arrives) costs {CANCELLATION.noShowPercent}
            % of the booking price.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "prohibited-items",
    title: "Prohibited Items",
    body: () => (
      <>
        <p>Drivers will not carry:</p>
        <ul className="list-disc space-y-1 pl-6">
          {PROHIBITED_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>A driver may refuse any item they believe is unsafe to carry.</p>
      </>
    ),
  },
  {
    id: "payment-terms",
    title: "Payment Terms",
    body: () => (
      <p>
        Prices are in pounds sterling and include VAT. You pay the full price when you book, by card or PayPal, through
        our payment providers; we never see or store your full card details. The driver receives their share of the
        price after the move. A discount code applies only to the booking it is used on and only once.
      </p>
    ),
  },
  {
    id: "privacy-policy",
    title: "Privacy Policy",
    body: ({ brandName }) => (
      <>
        <p>
          {brandName} uses your personal details only to provide and support your booking: your driver sees your name,
          phone number and addresses for the move. We keep your data secure, never sell it, and you may ask us for a
          copy of it or for its deletion at any time, as UK data protection law (UK GDPR) allows.
        </p>
        <p>
          While a move is under way, its driver&apos;s phone shares where the van is, so that the customer can follow
          it. Only the customer, the driver and our support team can see it. We keep the latest position and the route
          of the move, and delete both {TRACK_KEEP_DAYS} days after the move is completed or cancelled. Photos and the
          signature taken as proof of delivery are kept with the booking.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: () => (
      <p>
        These terms are governed by the law of England and Wales, and disputes about them are for the courts of England
        and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings there.
      </p>
    ),
  },
  {
    id: "contact-information",
    title: "Contact Information",
    body: ({ brandName, supportEmail, supportPhone }) => (
      <address className="not-italic">
        {brandName}, Newcastle upon Tyne, United Kingdom.
        <br />
        E-mail:{" "}
        <a href={`mailto:${supportEmail}`} className="text-blue-700 underline">
          {supportEmail}
        </a>
        <br />
        Phone:{" "}
        <a href={telHref(supportPhone)} className="text-blue-700 underline">
          {supportPhone}
        </a>
      </address>
    ),
  },
];

export function Terms() {
  const config = usePublicConfig();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Terms and Conditions</h1>
      <p className="mt-3 text-slate-700" data-testid="terms-last-updated">
        Last updated: <time dateTime={TERMS_LAST_UPDATED}>{formatCalendarDate(TERMS_LAST_UPDATED, "long")}</time>
      </p>
      <nav aria-label="Contents" className="mt-8 rounded-lg bg-slate-50 p-5">
        <h2 className="text-lg font-semibold text-slate-900">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-blue-700 underline-offset-2 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-10 scroll-mt-20"
        >
          <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-800">{section.body(config)}</div>
        </section>
      ))}
      <p className="mt-12">
        <Link to="/" className="font-medium text-blue-700 underline">
          Back to home
        </Link>
      </p>
    </article>
  );
}
