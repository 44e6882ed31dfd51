// A Field for a conform field, apart from field.tsx so that a page with a plain form (the home
// page's hero) does not load conform's helpers.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { Field, type FieldProps } from "./field";

/** A Field for a conform field: its name, id, value, constraints and errors. */
export function FormField({
  meta,
  type,
  ...rest
}: Omit<FieldProps, "errors"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & {
    meta: FieldMetadata<string | undefined>;
    type: "text" | "email" | "password" | "tel" | "number" | "date" | "time" | "url" | "search";
  }) {
  const { key, ...inputProps } = getInputProps(meta, { type });
  return <Field key={key} {...inputProps} {...rest} id={meta.id} errors={meta.errors} />;
}
