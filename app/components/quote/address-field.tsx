import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Field } from "~/components/ui/field";

const PlacesAutocomplete = lazy(() => import("./places-autocomplete"));

const MAPS_UNAVAILABLE = "Maps unavailable - API key missing";

/**
 * A plain text field that works everywhere; on first focus, and only with a browser key,
 * it loads Google Places Autocomplete. Without a key, or if loading fails, it says so.
 */
export function AddressField({
  meta,
  label,
  placeholder,
  mapsKey,
}: {
  meta: FieldMetadata<string>;
  label: string;
  placeholder: string;
  mapsKey: string | null;
}) {
  const [focused, setFocused] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const markUnavailable = useCallback(() => setUnavailable(true), []);
  const showUnavailable = focused && (!mapsKey || unavailable);
  return (
    <Field
      {...getInputProps(meta, { type: "text" })}
      key={meta.key}
      label={label}
      placeholder={placeholder}
      autoComplete="street-address"
      errors={meta.errors}
      onFocus={() => setFocused(true)}
      hint={
        <>
          {showUnavailable ? <p className="mt-1 text-xs text-slate-600">{MAPS_UNAVAILABLE}</p> : null}
          {focused && mapsKey && !unavailable ? (
            <Suspense fallback={null}>
              <PlacesAutocomplete inputId={meta.id} apiKey={mapsKey} onUnavailable={markUnavailable} />
            </Suspense>
          ) : null}
        </>
      }
    />
  );
}
