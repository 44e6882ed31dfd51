// The accessibility statement, in the structure of the UK government's model statement: who
// runs the site, how accessible it is, what is known not to be (with a date to fix each), how
// to report a problem, the enforcement procedure, the standard and how it was checked.
import { telHref } from "~/utils/config";
import { usePublicConfig } from "./use-public-config";

/** When this statement was written and last reviewed (change it with each review). */
const STATEMENT_REVIEWED = { iso: "2026-11-25", text: "25 November 2026" };

const KNOWN_ISSUES = [
  {
    issue:
      "When address suggestions are turned on, they come from Google's Places widget, whose list may not be read out by every screen reader (WCAG 4.1.2). Typing the whole address always works, and the form says when suggestions are unavailable.",
    fixBy: "31 March 2027",
  },
  {
    issue:
      "Documents that drivers upload (licences, insurance certificates) are the drivers' own PDF files and photographs; we do not check them for accessibility. They are seen only by our staff.",
    fixBy: "Not planned: these are third-party documents",
  },
  {
    issue:
      "The site has been checked with automated tests, the keyboard alone and narrow screens, but not yet with people who use screen readers (NVDA, JAWS, VoiceOver, TalkBack).",
    fixBy: "31 January 2027",
  },
];

export function AccessibilityStatement() {
  const config = usePublicConfig();
  const heading = "mt-8 text-2xl font-bold text-slate-900";
  const paragraph = "mt-3 text-slate-700";
  return (
    <article className="space-y-1">
      <h1 className="text-3xl font-bold text-slate-900">Accessibility statement for {config.brandName}</h1>
      <p className={paragraph}>
        This website is run by {config.brandName}. We want as many people as possible to be able to use it. That means
        you should be able to:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
        <li>get a price, book and pay for a move, and follow it, with a keyboard alone or a screen reader;</li>
        <li>zoom in up to 400% without the text spilling off the screen, on a screen as narrow as 320 pixels;</li>
        <li>use every form with JavaScript turned off;</li>
        <li>turn off animations (your system&apos;s reduce-motion setting is followed) and use high-contrast modes.</li>
      </ul>

      <h2 className={heading}>How accessible this website is</h2>
      <p className={paragraph}>We know some parts of this website are not fully accessible:</p>
      <ul className="mt-3 list-disc space-y-3 pl-6 text-slate-700" data-testid="known-issues">
        {KNOWN_ISSUES.map((known) => (
          <li key={known.issue}>
            {known.issue} <span className="font-semibold">To be fixed by: {known.fixBy}.</span>
          </li>
        ))}
      </ul>

      <h2 className={heading}>Feedback and contact information</h2>
      <p className={paragraph}>
        If you need information on this website in a different format, or you find a problem that is not listed on this
        page, use the form below, call{" "}
        <a href={telHref(config.supportPhone)} className="text-blue-700 underline">
          {config.supportPhone}
        </a>{" "}
        or e-mail{" "}
        <a href={`mailto:${config.supportEmail}`} className="text-blue-700 underline">
          {config.supportEmail}
        </a>
        . We reply within 5 working days.
      </p>

      <h2 className={heading}>Enforcement procedure</h2>
      <p className={paragraph}>
        The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Equality Act 2010. If you are
        not happy with how we respond to your complaint, contact the Equality Advisory and Support Service (EASS).
      </p>

      <h2 className={heading}>Technical information about this website&apos;s accessibility</h2>
      <p className={paragraph}>
        {config.brandName} is committed to making its website accessible. This website is partially compliant with the
        Web Content Accessibility Guidelines (WCAG) version 2.2 AA standard, because of the issues listed above.
      </p>

      <h2 className={heading}>How we tested this website</h2>
      <p className={paragraph}>Every release is checked by the project&apos;s own tests, in Chromium:</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
        <li>
          axe-core&apos;s WCAG 2.2 A and AA rules on every page a visitor, customer, driver or admin can reach, with
          JavaScript on and off, and with a form&apos;s errors, a dialog, a toast and a quote result showing;
        </li>
        <li>a whole booking, from the home page to the confirmation, with the keyboard alone;</li>
        <li>where focus goes and what is announced after a failed submit, a quote, a change of page and a dialog;</li>
        <li>every page at 320 pixels wide, and the focus ring in forced-colours (high-contrast) mode;</li>
        <li>the W3C Nu Html Checker on the HTML of every public page.</li>
      </ul>

      <h2 className={heading}>Preparation of this accessibility statement</h2>
      <p className={paragraph}>
        This statement was prepared on <time dateTime={STATEMENT_REVIEWED.iso}>{STATEMENT_REVIEWED.text}</time>. It was
        last reviewed on <time dateTime={STATEMENT_REVIEWED.iso}>{STATEMENT_REVIEWED.text}</time>.
      </p>
    </article>
  );
}
