// The extra stops of a conform form (the home page's detailed form, /quote): extra-stops.tsx's
// rows, wired to conform's fields and its insert and remove intents.
import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { lazy, Suspense } from "react";
import type { FloorAccess, StopType } from "~/domain/move-inputs";
import { ExtraStopsList, NEW_STOP, useStopsFocus } from "./extra-stops";

// Loaded once the form has a stop to show: most quotes have none.
const StopRow = /* @__PURE__ */ lazy(() => import("./stop-row"));

type StopFields = { address: string; type: StopType; floorAccess?: FloorAccess; liftAvailable?: boolean };

/** The stops of a conform form (the home page's detailed form, /quote). */
export function ConformExtraStops<Schema extends Record<string, unknown>>({
  form,
  stops,
  mapsKey,
}: {
  form: FormMetadata<Schema>;
  stops: FieldMetadata<StopFields[] | undefined>;
  mapsKey: string | null;
}) {
  const rows = stops.getFieldList();
  const { addButtonRef, newRow } = useStopsFocus(rows.map((row) => row.key));
  return (
    <ExtraStopsList
      count={rows.length}
      errors={stops.errors}
      addButton={form.insert.getButtonProps({ name: stops.name, defaultValue: NEW_STOP })}
      addButtonRef={addButtonRef}
    >
      <Suspense fallback={null}>
        {rows.map((row, index) => {
          const fields = row.getFieldset();
          const control = (meta: FieldMetadata<string>) => {
            const { key: _key, ...select } = getSelectProps(meta);
            return { ...select, errors: meta.errors };
          };
          const { key: _addressKey, ...address } = getInputProps(fields.address, { type: "text" });
          const { key: _liftKey, ...lift } = getInputProps(fields.liftAvailable, { type: "checkbox" });
          return (
            <StopRow
              key={row.key}
              focusOnMount={row.key === newRow}
              index={index}
              address={{ ...address, errors: fields.address.errors }}
              type={control(fields.type)}
              floor={control(fields.floorAccess)}
              lift={lift}
              mapsKey={mapsKey}
              removeButton={form.remove.getButtonProps({ name: stops.name, index })}
            />
          );
        })}
      </Suspense>
    </ExtraStopsList>
  );
}
