// Form primitives, one way for every form: a label, the control, an optional hint and the
// control's error list, wired for screen readers (errors are announced as they appear).
// Field, SelectField and the rest take plain props; FormField (form-field.tsx) a conform field.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export type Errors = string[] | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" data-testid="field-error">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A form's own errors (not a field's), e.g. "Authentication failed". */
export function FormErrors({ id, errors }: { id: string; errors?: Errors }) {
  return (
    <div id={id} aria-live="assertive">
      {errors?.length ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-600";

export type FieldProps = { label: ReactNode; errors?: Errors; hint?: ReactNode; className?: string };

/** The label, the control (given as children), the hint and the live error list. */
function Labelled({ id, label, errors, hint, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      <div aria-live="polite">
        <ErrorList id={`${id}-error`} errors={errors} />
      </div>
    </div>
  );
}

/** aria-invalid and aria-describedby for a control with this hint and these errors. */
function describedBy(id: string, hint: ReactNode, errors: Errors) {
  const ids = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

export function Field({
  label,
  errors,
  hint,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <Labelled id={input.id} label={label} errors={errors} hint={hint} className={className}>
      <input {...input} className={controlClass} {...describedBy(input.id, hint, errors)} />
    </Labelled>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  options,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { id: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Labelled id={select.id} label={label} errors={errors} hint={hint} className={className}>
      <select {...select} className={controlClass} {...describedBy(select.id, hint, errors)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  return (
    <Labelled id={textarea.id} label={label} errors={errors} hint={hint} className={className}>
      <textarea {...textarea} className={controlClass} {...describedBy(textarea.id, hint, errors)} />
    </Labelled>
  );
}

export function CheckboxField({
  label,
  className,
  ...input
}: { label: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <div className={`flex items-center gap-2 ${className ?? ""}`}>
      {/* 24 px: the smallest target WCAG 2.2 (2.5.8) allows without spacing around it. */}
      <input
        type="checkbox"
        {...input}
        className="size-6 shrink-0 rounded border-slate-400 text-blue-700 focus:ring-blue-600"
      />
      <label htmlFor={input.id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
