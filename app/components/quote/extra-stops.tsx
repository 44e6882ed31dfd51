// The quote forms' extra stops (PRICING.md "Extra stops (v2)"): up to 4 rows between the
// pickup and the final delivery, each an address, pickup or drop-off, its floor and its lift.
// "Add a stop" and "Remove stop N" are conform intent buttons: without JavaScript they post
// and the action answers with the row added or removed and everything typed kept; with it,
// they act in place and the focus goes to the new row (or back to "Add a stop"). No form
// library here: the home page's short form uses these without loading conform
// (conform-extra-stops.tsx wires them to a conform form).
import {
  useEffect,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from "react";
import { CheckboxField, ErrorList, SelectField, type Errors } from "~/components/ui/field";
import { MAX_EXTRA_STOPS, STOP_TYPE_LABELS, STOP_TYPES, type StopType } from "~/domain/move-inputs";
import { AddressField } from "./address-field";
import { FLOOR_OPTIONS } from "./quote-options";

const STOP_TYPE_OPTIONS = STOP_TYPES.map((type) => ({ value: type, label: STOP_TYPE_LABELS[type] }));

/** A new row's values: most extra stops drop something off. */
export const NEW_STOP: { type: StopType; floorAccess: "ground" } = { type: "dropoff", floorAccess: "ground" };

/** conform's intents for the stops list, as its buttons post them (the plain short form builds them too). */
export const STOP_INTENTS = {
  add: JSON.stringify({ type: "insert", payload: { name: "stops", defaultValue: NEW_STOP } }),
  remove: (index: number) => JSON.stringify({ type: "remove", payload: { name: "stops", index } }),
};

const buttonClass = "rounded-md px-3 py-2 text-sm font-semibold";

/** One stop's controls, as plain props: a name, an id, what it shows first, its errors. */
type StopInput = InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; errors?: Errors };
type StopSelect = SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string; errors?: Errors };

export function StopRow({
  index,
  address,
  type,
  floor,
  lift,
  mapsKey,
  removeButton,
}: {
  index: number;
  address: StopInput;
  type: StopSelect;
  floor: StopSelect;
  lift: StopInput;
  mapsKey: string | null;
  removeButton: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const n = index + 1;
  const { errors: addressErrors, type: _addressType, ...addressInput } = address;
  const { errors: typeErrors, ...typeSelect } = type;
  const { errors: floorErrors, ...floorSelect } = floor;
  const { errors: _liftErrors, ...liftInput } = lift;
  return (
    <li className="rounded-md border border-slate-200 p-4" data-testid="stop-row">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="font-semibold">Stop {n}</h3>
        <button {...removeButton} className={`${buttonClass} text-red-700 hover:bg-red-50`}>
          Remove stop {n}
        </button>
      </div>
      <div className="floor-group grid gap-3 sm:grid-cols-2">
        <AddressField
          {...addressInput}
          label={`Stop ${n} address`}
          placeholder="e.g. 10 High Street, Braintree CM7 1AA"
          mapsKey={mapsKey}
          errors={addressErrors}
          className="sm:col-span-2"
        />
        <SelectField
          {...typeSelect}
          label={`Stop ${n}: pickup or drop-off`}
          options={STOP_TYPE_OPTIONS}
          errors={typeErrors}
        />
        <SelectField {...floorSelect} label={`Stop ${n} floor`} options={FLOOR_OPTIONS} errors={floorErrors} />
        <CheckboxField {...liftInput} className="lift-toggle" label={`Lift available at stop ${n}`} />
      </div>
    </li>
  );
}

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

/** Focus follows the list: to a new row's address when one is added, to "Add a stop" when one goes. */
export function useStopsFocus(count: number, addressIdOf: (index: number) => string) {
  const previous = useRef(count);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (count > previous.current) document.getElementById(addressIdOf(count - 1))?.focus();
    else if (count < previous.current) addButtonRef.current?.focus();
    previous.current = count;
  }, [count, addressIdOf]);
  return addButtonRef;
}
