// A Field for a conform field, apart from field.tsx so that a page with a plain form (the home
// page's hero) does not load conform's helpers.
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { ErrorSummary } from "./error-summary";
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

/**
 * The error summary of a conform form: it appears after a failed submit (the browser's check or
 * the server's answer) and then follows the fields' errors as they are fixed, until the next
 * submit (conform itself forgets a submit's failure once a field is checked again).
 */
export function FormErrorSummary<Schema extends Record<string, unknown>>({
  form,
}: {
  form: FormMetadata<Schema, string[]>;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (form.status === "error") setFailed(true);
  }, [form.status]);
  useEffect(() => {
    const element = document.getElementById(form.id);
    const reset = (event: Event) => {
      if ((event as SubmitEvent).submitter?.getAttribute("name") !== "__intent__") setFailed(false);
    };
    element?.addEventListener("submit", reset, true);
    return () => element?.removeEventListener("submit", reset, true);
  }, [form.id]);
  return <ErrorSummary formId={form.id} errors={failed || form.status === "error" ? form.allErrors : null} />;
}
