// The home page's quote block: the result, the detailed form (after "Show More Options", or
// when the action answers with it) or the short form. The detailed form's code is loaded only
// when it is opened (the server renders it in place, see entry.server), and it is opened in a
// transition, so the short form stays (with the focus) until it is ready.
import type { SubmissionResult } from "@conform-to/react";
import { lazy, startTransition, Suspense, useState } from "react";
import { QuickQuoteForm } from "~/components/quote/quick-quote-form";
import { QuoteResult } from "~/components/quote/quote-result";
import type { QuoteView } from "~/views/quote";

const loadDetailedForm = () => import("~/components/quote/quote-form");
const QuoteForm = /* @__PURE__ */ lazy(() => loadDetailedForm().then((module) => ({ default: module.QuoteForm })));

const FORM_ID = "home-quote-form";

type Reply = SubmissionResult<string[]>;

function isDetailed(reply: Reply | null | undefined) {
  return (reply?.initialValue as Record<string, unknown> | undefined)?.detailed === "on";
}

export function HomeQuoteForm({
  quote,
  lastResult,
  today,
  mapsKey,
}: {
  quote: QuoteView | null;
  lastResult: Reply | undefined;
  today: string;
  mapsKey: string | null;
}) {
  // What was typed when "Show More Options" opened the detailed form in place.
  const [opened, setOpened] = useState<Record<string, unknown> | null>(null);
  const detailedReply: Reply | null = isDetailed(lastResult)
    ? lastResult!
    : opened
      ? { initialValue: { ...opened, detailed: "on" } }
      : null;

  if (quote)
    return (
      <Suspense fallback={null}>
        <QuoteResult quote={quote} newQuoteHref="/#quote" />
      </Suspense>
    );
  return (
    <div className="rounded-xl bg-white p-6 text-slate-900 shadow-xl">
      <h2 className="mb-4 text-2xl font-bold">Get an instant quote</h2>
      <Suspense fallback={null}>
        {detailedReply ? (
          <QuoteForm
            id={FORM_ID}
            lastResult={detailedReply}
            today={today}
            mapsKey={mapsKey}
            focusItems={opened !== null && !isDetailed(lastResult)}
          />
        ) : (
          <QuickQuoteForm
            id={FORM_ID}
            variant="home"
            lastResult={lastResult}
            today={today}
            mapsKey={mapsKey}
            onMoreOptions={(values) => {
              void loadDetailedForm();
              startTransition(() => setOpened(values));
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
