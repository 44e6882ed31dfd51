import { lazy, Suspense, useCallback, useState, type InputHTMLAttributes } from "react";
import { Field, type Errors } from "~/components/ui/field";

const PlacesAutocomplete = /* @__PURE__ */ lazy(() => import("./places-autocomplete"));

const MAPS_UNAVAILABLE = "Maps unavailable - API key missing";

/**
 * A plain text field that works everywhere; on first focus, and only with a browser key,
 * it loads Google Places Autocomplete. Without a key, or if loading fails, it says so.
 */
export function AddressField({
  label,
  placeholder,
  mapsKey,
  errors,
  ...input
}: {
  id: string;
  label: string;
  placeholder: string;
  mapsKey: string | null;
  errors?: Errors;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "placeholder">) {
  const [focused, setFocused] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const markUnavailable = useCallback(() => setUnavailable(true), []);
  const showUnavailable = focused && (!mapsKey || unavailable);
  return (
    <Field
      {...input}
      type="text"
      label={label}
      placeholder={placeholder}
      // One line for the whole address; the places widget offers its own suggestions.
      autoComplete={mapsKey && !unavailable ? "off" : "address-line1"}
      errors={errors}
      onFocus={(event) => {
        setFocused(true);
        input.onFocus?.(event);
      }}
      hint={
        <>
          {showUnavailable ? <p className="mt-1 text-xs text-slate-600">{MAPS_UNAVAILABLE}</p> : null}
          {focused && mapsKey && !unavailable ? (
            <Suspense fallback={null}>
              <PlacesAutocomplete inputId={input.id} apiKey={mapsKey} onUnavailable={markUnavailable} />
            </Suspense>
          ) : null}
        </>
      }
    />
  );
}
