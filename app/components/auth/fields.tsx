// Form pieces shared by the sign-in, sign-up, admin and password-reset forms: a labelled
// input with its error list, the form-level error, and a submit button that says when it
// is busy. Errors are tied to their inputs with aria-describedby, so screen readers read
// them, and are announced as they appear.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type InputType = "text" | "email" | "password";

export function AuthField({
  meta,
  label,
  type,
  autoComplete,
  hint,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type: InputType;
  autoComplete: string;
  hint?: ReactNode;
}) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        autoComplete={autoComplete}
        aria-required="true"
        className={`block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:bg-slate-100 ${
          invalid ? "border-red-600" : "border-slate-300"
        }`}
      />
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div id={meta.errorId} aria-live="polite" className="min-h-0">
        {meta.errors?.map((error) => (
          <p key={error} className="text-sm text-red-700">
            {error}
          </p>
        ))}
      </div>
    </div>
  );
}

export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="assertive">
      {errors?.length ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="w-full rounded-md bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-80"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

export function Heading({ level, id, children }: { level: 1 | 2; id?: string; children: ReactNode }) {
  const className = "text-2xl font-bold text-slate-900";
  return level === 1 ? (
    <h1 id={id} className={className}>
      {children}
    </h1>
  ) : (
    <h2 id={id} className={className}>
      {children}
    </h2>
  );
}

/** "/signin?redirectTo=…" and friends; no query when there is nowhere to return to. */
export function withRedirectTo(path: string, redirectTo?: string) {
  return redirectTo && redirectTo !== "/" ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
