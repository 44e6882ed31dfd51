// The checkout's cover choice (docs/PRICING.md v3): extended cover for a declared value, changed or
// removed until the booking is paid. A plain form: it posts without JavaScript; with it, the
// declared value is checked as it is typed by the same rule the server's schema applies. The
// checkout shows it through LiveOnFirstUse, so its code loads when it is first used.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { StatusButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import {
  COVER_MESSAGES,
  COVER_PAGE_PATH,
  GOODS_COVER,
  declaredValueProblem,
  type CoverView,
} from "~/domain/goods-cover";

/** What the action answers a refused cover choice with: the message and the value as typed. */
export type CoverFormAnswer = { coverForm: { errors: string[]; declaredValue: string } };

const FIELD_ID = "cover-declared-value";

/** Blank is no cover chosen; else the quote forms' own rule. */
const problemOf = (typed: string) => (typed.trim() === "" ? COVER_MESSAGES.declaredValue : declaredValueProblem(typed));

export function CoverForm({
  bookingId,
  cover,
  answer,
}: {
  bookingId: string;
  cover: CoverView;
  answer: CoverFormAnswer["coverForm"] | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "cover";
  const initial = answer?.declaredValue ?? (cover.declaredValue ? String(cover.declaredValue) : "");
  const [typed, setTyped] = useState(initial);
  // Checked once the field has been left (or the server refused it), then as it is typed.
  const [checked, setChecked] = useState(Boolean(answer));
  const errors =
    answer && typed === answer.declaredValue ? answer.errors : checked && problemOf(typed) ? [problemOf(typed)!] : [];
  const { min, max } = GOODS_COVER.declaredValuePounds;

  return (
    <div className="mt-6 border-t border-slate-200 pt-4" data-testid="cover-choice">
      <h3 className="font-semibold text-slate-900">Cover for your goods</h3>
      <p className="mt-1 text-sm text-slate-700">
        {cover.extended
          ? "You have extended cover. Change the declared value, or remove it to keep standard cover."
          : "Standard cover is included. For more, declare the whole value of your goods: extended cover costs 1.5% of it (at least £10.00) and covers up to £2,500 an item."}{" "}
        <Link to={COVER_PAGE_PATH} className="font-semibold text-blue-700 underline">
          What is covered
        </Link>
      </p>
      <Form
        method="post"
        className="mt-3 flex flex-wrap items-start gap-3"
        noValidate
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === "standard") return;
          const now = String(new FormData(event.currentTarget).get("declaredValue") ?? "");
          setTyped(now);
          setChecked(true);
          if (problemOf(now)) {
            event.preventDefault();
            document.getElementById(FIELD_ID)?.focus();
          }
        }}
      >
        <input type="hidden" name="intent" value="cover" />
        <input type="hidden" name="bookingId" value={bookingId} />
        <Field
          id={FIELD_ID}
          name="declaredValue"
          label="Declared value of your goods (£)"
          inputMode="numeric"
          autoComplete="off"
          min={min}
          max={max}
          defaultValue={initial}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onBlur={() => setChecked(true)}
          hint={`Whole pounds, £${min.toLocaleString("en-GB")} to £${max.toLocaleString("en-GB")}.`}
          errors={errors}
          className="min-w-48 flex-1"
        />
        <StatusButton
          pending={pending}
          pendingText="Saving..."
          variant="secondary"
          className="mt-6"
          name="cover"
          value="extended"
        >
          {cover.extended ? "Change cover" : "Add extended cover"}
        </StatusButton>
        {cover.extended ? (
          <button
            type="submit"
            name="cover"
            value="standard"
            className="mt-6 rounded-md px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Remove extended cover
          </button>
        ) : null}
      </Form>
    </div>
  );
}
