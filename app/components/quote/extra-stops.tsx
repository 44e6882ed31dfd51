// The quote forms' extra stops (docs/PRICING.md v2): up to 4 rows between the
// pickup and the final delivery, each an address, pickup or drop-off, its floor and its lift.
// "Add a stop" and "Remove stop N" are conform intent buttons: without JavaScript they post
// and the action answers with the row added or removed and everything typed kept; with it,
// they act in place and the focus goes to the new row (or back to "Add a stop"). No form
// library here: the home page's short form uses these without loading conform
// (conform-extra-stops.tsx wires them to a conform form).
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { ErrorList, type Errors } from "~/components/ui/field";
import { MAX_EXTRA_STOPS, type StopType } from "~/domain/move-inputs";

/** A new row's values: most extra stops drop something off. */
export const NEW_STOP: { type: StopType; floorAccess: "ground" } = { type: "dropoff", floorAccess: "ground" };

/** conform's intents for the stops list, as its buttons post them (the plain short form builds them too). */
export const STOP_INTENTS = {
  add: JSON.stringify({ type: "insert", payload: { name: "stops", defaultValue: NEW_STOP } }),
  remove: (index: number) => JSON.stringify({ type: "remove", payload: { name: "stops", index } }),
};

const buttonClass = "rounded-md px-3 py-2 text-sm font-semibold";

/** The list around the rows: what it is for, the rows, the list's own error, "Add a stop". */
export function ExtraStopsList({
  count,
  errors,
  addButton,
  addButtonRef,
  children,
}: {
  count: number;
  errors?: Errors;
  addButton: ButtonHTMLAttributes<HTMLButtonElement>;
  addButtonRef?: React.Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  const full = count >= MAX_EXTRA_STOPS;
  return (
    <div className="sm:col-span-2" data-testid="extra-stops">
      <p className="text-sm text-slate-700">
        Collecting or dropping off on the way? Add up to {MAX_EXTRA_STOPS} stops between the pickup and the delivery, in
        the order the van should visit them (£10.00 each).
      </p>
      {count > 0 ? <ol className="mt-3 space-y-3">{children}</ol> : null}
      <ErrorList errors={errors} />
      <button
        {...addButton}
        ref={addButtonRef}
        disabled={full}
        aria-describedby={full ? "stops-full" : undefined}
        className={`${buttonClass} mt-3 border border-blue-700 text-blue-700 hover:bg-blue-50 disabled:opacity-50`}
      >
        Add a stop
      </button>
      {full ? (
        <p id="stops-full" className="mt-1 text-xs text-slate-600">
          A move can have at most {MAX_EXTRA_STOPS} extra stops.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Focus follows the list: `newRow` names the row just added (its address takes the focus as it
 * shows, see stop-row.tsx), and "Add a stop" takes it back when a row goes.
 */
export function useStopsFocus(keys: readonly (string | undefined)[]) {
  const count = keys.length;
  const lastKey = keys.at(-1) ?? null;
  const previous = useRef(count);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const [newRow, setNewRow] = useState<string | null>(null);
  useEffect(() => {
    if (count > previous.current) setNewRow(lastKey);
    else if (count < previous.current) addButtonRef.current?.focus();
    previous.current = count;
  }, [count, lastKey]);
  return { addButtonRef, newRow };
}
