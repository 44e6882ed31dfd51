// Form primitives: a label, the control, and its error list, wired for screen readers.
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

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600";

type FieldProps = { label: ReactNode; errors?: Errors; hint?: ReactNode; className?: string };

export function Field({ label, errors, hint, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const errorId = errors?.length ? `${input.id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={input.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input {...input} className={controlClass} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
      {hint}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  className,
  options,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { id: string; options: readonly { value: string; label: string }[] }) {
  const errorId = errors?.length ? `${select.id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={select.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select {...select} className={controlClass} aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({ label, errors, className, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  const errorId = errors?.length ? `${textarea.id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={textarea.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea {...textarea} className={controlClass} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({ label, className, ...input }: { label: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <div className={`flex items-center gap-2 ${className ?? ""}`}>
      <input type="checkbox" {...input} className="size-4 rounded border-slate-400 text-blue-700 focus:ring-blue-600" />
      <label htmlFor={input.id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
