import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-blue-700 hover:bg-blue-50 disabled:text-slate-400",
} as const;

export function Button({
  variant = "primary",
  className,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS }) {
  return (
    <button
      type="button"
      {...button}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed ${VARIANTS[variant]} ${className ?? ""}`}
    />
  );
}

/**
 * A submit button that says what is happening while its form is pending. It stays focusable
 * then (aria-disabled, and a guard against a second submit, rather than `disabled`), so focus
 * never falls back to the page's start.
 */
export function StatusButton({
  pending,
  pendingText,
  children,
  onClick,
  ...button
}: Parameters<typeof Button>[0] & { pending: boolean; pendingText: string }) {
  return (
    <Button
      type="submit"
      {...button}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      className={`${pending ? "cursor-progress opacity-80" : ""} ${button.className ?? ""}`}
    >
      {pending ? pendingText : children}
    </Button>
  );
}
