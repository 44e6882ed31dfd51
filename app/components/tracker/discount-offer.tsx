// The tracker's discount popup: the customer's own code
// (WELCOME5 / RETURN10 / LOYAL15, 30 days). Without JavaScript it is a banner. With JavaScript
// the same offer opens as a dialog one second after the page loads, once per code (this
// browser remembers it in localStorage); once dismissed, a small banner stays.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export type DiscountOfferProps = {
  offer: { code: string; percent: number; expiresAt: string; expiresText: string } | null;
};

/** "The popup appears after 1 s." */
const DISCOUNT_POPUP_DELAY_MS = 1000;

const SEEN_KEY = "easymove:discount-popup-seen";

function readSeen(): string[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function rememberSeen(code: string) {
  try {
    window.localStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...readSeen(), code])].slice(-10)));
  } catch {
    // Private mode or storage full: the popup may show again next time, nothing worse.
  }
}

export function DiscountOffer({ offer }: DiscountOfferProps) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // With JavaScript the banner waits until we know whether the popup is due (no flash).
  const [mode, setMode] = useState<"unknown" | "popup" | "banner">("unknown");

  const code = offer?.code;
  // Keyed on the code, not the object: the tracker reloading its data must not close the popup.
  useEffect(() => {
    if (!code) return;
    if (readSeen().includes(code)) return setMode("banner");
    const timer = setTimeout(() => {
      setMode("popup");
      rememberSeen(code);
    }, DISCOUNT_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (mode === "popup" && dialog && !dialog.open) dialog.showModal();
  }, [mode]);

  if (!offer) return null;
  const expires = offer.expiresText;

  if (!hydrated || mode === "banner")
    return <DiscountBanner code={offer.code} percent={offer.percent} expires={expires} />;
  if (mode !== "popup") return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="discount-offer-title"
      aria-describedby="discount-offer-text"
      data-testid="discount-popup"
      onClose={() => setMode("banner")}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl border-0 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="bg-gradient-to-br from-blue-700 to-blue-900 px-6 py-5 text-white">
        <p className="text-sm font-medium uppercase tracking-wide text-blue-100">A thank-you from us</p>
        <h2 id="discount-offer-title" className="mt-1 text-2xl font-bold">
          {offer.percent}% off your next move
        </h2>
      </div>
      <div className="px-6 py-5">
        <p id="discount-offer-text" className="text-slate-700">
          Use code <CodeChip code={offer.code} /> at checkout. Valid until {expires}.
        </p>
        <form method="dialog" className="mt-5 flex justify-end">
          <button
            type="submit"
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Got it
          </button>
        </form>
      </div>
    </dialog>
  );
}

function CodeChip({ code }: { code: string }) {
  return (
    <strong className="rounded border border-dashed border-blue-400 bg-blue-50 px-1.5 py-0.5 font-mono text-blue-900">
      {code}
    </strong>
  );
}

function DiscountBanner({ code, percent, expires }: { code: string; percent: number; expires: string }) {
  return (
    <aside
      aria-label="Your discount"
      className="mb-6 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950"
      data-testid="discount-banner"
    >
      <span className="font-semibold">{percent}% off your next move:</span> use code <CodeChip code={code} /> at
      checkout. Valid until {expires}.
    </aside>
  );
}
