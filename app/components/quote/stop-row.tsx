// One extra stop's row in a quote form: its address, pickup or drop-off, its floor and its
// lift (shown above the ground floor only), and "Remove stop N". The short form loads it only
// once it has a stop to show (extra-stops.tsx holds the list and its buttons).
import { useEffect, type ButtonHTMLAttributes, type InputHTMLAttributes, type SelectHTMLAttributes } from "react";
import { CheckboxField, SelectField, type Errors } from "~/components/ui/field";
import { STOP_TYPE_LABELS, STOP_TYPES } from "~/domain/move-inputs";
import { AddressField } from "./address-field";
import { FLOOR_OPTIONS } from "./quote-options";

const STOP_TYPE_OPTIONS = STOP_TYPES.map((type) => ({ value: type, label: STOP_TYPE_LABELS[type] }));

const buttonClass = "rounded-md px-3 py-2 text-sm font-semibold";

/** One stop's controls, as plain props: a name, an id, what it shows first, its errors. */
type StopInput = InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; errors?: Errors };
type StopSelect = SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string; errors?: Errors };

export default function StopRow({
  index,
  address,
  type,
  floor,
  lift,
  mapsKey,
  removeButton,
  focusOnMount = false,
}: {
  index: number;
  address: StopInput;
  type: StopSelect;
  floor: StopSelect;
  lift: StopInput;
  mapsKey: string | null;
  removeButton: ButtonHTMLAttributes<HTMLButtonElement>;
  /** The row just added: its address takes the focus once it is on the screen (loaded). */
  focusOnMount?: boolean;
}) {
  const n = index + 1;
  const { errors: addressErrors, type: _addressType, ...addressInput } = address;
  const { errors: typeErrors, ...typeSelect } = type;
  const { errors: floorErrors, ...floorSelect } = floor;
  const { errors: _liftErrors, ...liftInput } = lift;
  useEffect(() => {
    if (focusOnMount) document.getElementById(address.id)?.focus();
  }, [focusOnMount, address.id]);
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
