// The home page hero: headline and claims beside the quote form (anchor #quote). The
// configured image sits over a CSS gradient and never holds up the form: without it, or if
// it fails or has not arrived after 5 s (with JavaScript), the gradient simply shows.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSiteRating } from "~/components/content/use-public-config";
import "./home.css";

const HERO_IMAGE_TIMEOUT_MS = 5_000;

type HeroImageState = "pending" | "loaded" | "failed";

/**
 * When this image started loading, in performance.now() time: at page load (0) when the server
 * sent it, or now when a client-side navigation renders it.
 */
function loadStartedAt() {
  if (typeof document === "undefined") return 0;
  return document.querySelector("img.hero-image") ? 0 : performance.now();
}

function HeroImage({ src }: { src: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<HeroImageState>("pending");
  const [startedAt] = useState(loadStartedAt);

  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    // It may have loaded or failed before React hydrated.
    if (image.complete) {
      setState(image.naturalWidth > 0 ? "loaded" : "failed");
      return;
    }
    const remaining = Math.max(0, HERO_IMAGE_TIMEOUT_MS - (performance.now() - startedAt));
    const timer = window.setTimeout(() => {
      setState((current) => (current === "pending" ? "failed" : current));
    }, remaining);
    return () => window.clearTimeout(timer);
  }, [startedAt]);

  if (state === "failed") return <span hidden data-testid="hero-image-fallback" />;
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      width={1600}
      height={900}
      decoding="async"
      data-testid="hero-image"
      data-state={state}
      onLoad={() => setState((current) => (current === "pending" ? "loaded" : current))}
      onError={() => setState("failed")}
      className="hero-image absolute inset-0 h-full w-full object-cover"
    />
  );
}

export function Hero({
  quoteForm,
  imageUrl,
  stats,
}: {
  quoteForm: ReactNode;
  imageUrl?: string;
  stats?: { approvedDrivers: number; completedMoves: number };
}) {
  const rating = useSiteRating();
  return (
    <section
      aria-labelledby="hero-heading"
      data-testid="hero"
      className="relative isolate overflow-hidden bg-gradient-to-br from-blue-950 via-blue-900 to-blue-700 text-white"
    >
      {imageUrl ? <HeroImage src={imageUrl} /> : null}
      {/* Keeps the text readable (AA contrast) over any image. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-blue-950/90 via-blue-950/75 to-blue-950/40"
      />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-2 lg:items-center lg:py-20">
        <div>
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Man and van with an instant, fixed price
          </h1>
          <p className="mt-4 max-w-xl text-lg text-blue-50">
            House moves, office moves and furniture delivery across London, Essex, the North East and the West Midlands.
            Book online in minutes and follow your driver live.
          </p>
          <ul className="mt-6 grid max-w-xl gap-2 text-blue-50 sm:grid-cols-2">
            <li>✓ Fixed prices, no hidden extras</li>
            <li>✓ Vetted, fully insured drivers</li>
            <li>✓ 24/7 customer support</li>
            {rating ? (
              <li data-testid="hero-rating">
                ★ Rated {rating.value}/5 by {rating.count.toLocaleString("en-GB")} customers
              </li>
            ) : null}
          </ul>
          {stats ? (
            <p className="mt-6 text-blue-50" data-testid="network-stats">
              {stats.approvedDrivers} vetted drivers · {stats.completedMoves} completed moves
            </p>
          ) : null}
        </div>
        <div id="quote" className="scroll-mt-24">
          {quoteForm}
        </div>
      </div>
    </section>
  );
}
