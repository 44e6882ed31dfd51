// The pieces every account form shares (the sign-in and sign-up cards, admin login and
// sign-up, forgot and reset password): the card with its heading, the fields' frame with
// the form's errors and its submit button, and the new password with its confirmation.
import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusButton } from "~/components/ui/button";

import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { withRedirectTo } from "./auth-links";

/** What the sign-in and sign-up cards take. */
export type AuthCardProps = {
  redirectTo?: string;
  /** The page action's answer after a post without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
  onClose?: () => void;
  /** Show the other card in place (a dialog) instead of linking to its page. */
  onSwitch?: () => void;
  headingLevel?: 1 | 2;
  headingId?: string;
};

/**
 * A card's form: posted by a fetcher to its page's action ("/signin" or "/signup"), so the
 * typed input and its errors stay in place, a dialog's too; without JavaScript a plain post to
 * that page. Signed in, it goes on to redirectTo (the dialog's own page, usually).
 */
export function CardForm({
  fetcher,
  form,
  page,
  redirectTo,
  children,
}: {
  fetcher: FetcherWithComponents<unknown>;
  form: FormMetadata<Record<string, unknown>, string[]>;
  page: "/signin" | "/signup";
  redirectTo?: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form
      method="post"
      action={withRedirectTo(page, redirectTo)}
      {...getFormProps(form)}
      className="mt-6 space-y-4"
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {children}
    </fetcher.Form>
  );
}

/** A page's own account form (a plain post to its action): fields, errors and button. */
export function PageForm<Fields extends Record<string, unknown>>({
  form,
  ...fields
}: { form: FormMetadata<Fields, string[]> } & Omit<Parameters<typeof AuthFields>[0], "form">) {
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <AuthFields form={form} {...fields} />
    </Form>
  );
}

/** "Question? Answer" under a form: a link to another page, or a button that switches cards. */
export function OtherWay({
  question,
  label,
  to,
  onClick,
  className,
}: {
  question: string;
  label: string;
  to: string;
  onClick?: () => void;
  className?: string;
}) {
  const linkClass = "font-medium text-blue-700 hover:underline";
  return (
    <p className={`text-sm text-slate-700 ${className ?? ""}`}>
      {question}{" "}
      {onClick ? (
        <button type="button" onClick={onClick} className={linkClass}>
          {label}
        </button>
      ) : (
        <Link to={to} className={linkClass}>
          {label}
        </Link>
      )}
    </p>
  );
}

/** /signin and /signup: their card as the page, showing the action's answer after a post without JS. */
export function CardPage({ Card }: { Card: (props: AuthCardProps) => ReactNode }) {
  const { redirectTo } = useLoaderData<{ redirectTo: string }>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <AuthPage>
      <Card headingLevel={1} redirectTo={redirectTo} lastResult={lastResult} />
    </AuthPage>
  );
}

/** A page that shows one account card, centred. */
export function AuthPage({ children }: { children: ReactNode }) {
  return <div className="flex justify-center bg-slate-50 px-4 py-16">{children}</div>;
}

export function AuthCard({
  title,
  intro,
  headingLevel = 1,
  headingId,
  onClose,
  testId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  headingLevel?: 1 | 2;
  headingId?: string;
  onClose?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={headingId}
      className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <Heading id={headingId} className="text-2xl font-bold text-slate-900">
            {title}
          </Heading>
          {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100"
          >
            ×
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Inside a form: its error summary, its fields (disabled while it is sent) and its button. */
export function AuthFields({
  form,
  pending,
  submitLabel,
  pendingText,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields
  form: FormMetadata<any, string[]>;
  pending: boolean;
  submitLabel: string;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <FormErrorSummary form={form} />
      {children}
      <StatusButton pending={pending} pendingText={pendingText} className="w-full py-2.5 text-base">
        {submitLabel}
      </StatusButton>
    </fieldset>
  );
}

/** A new password and its confirmation (sign-up, admin sign-up, reset); rules in schemas/auth. */
export function NewPasswordFields({
  password,
  confirmPassword,
  minLength,
  label = "Password",
}: {
  password: FieldMetadata<string | undefined>;
  confirmPassword: FieldMetadata<string | undefined>;
  minLength: number;
  label?: string;
}) {
  return (
    <>
      <FormField
        meta={password}
        label={label}
        type="password"
        autoComplete="new-password"
        aria-required="true"
        hint={`At least ${minLength} characters.`}
      />
      <FormField
        meta={confirmPassword}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
      />
    </>
  );
}
