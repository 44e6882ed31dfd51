// /admin/two-factor: an admin turns on two-factor sign-in. "Set up" makes a secret and shows it
// as a QR code (and as text, for typing); the first code from the app turns it on and shows ten
// recovery codes once. Turning it off takes a current code. Plain forms: no JavaScript needed.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { StatusButton } from "~/components/ui/button";

import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { twoFactorCodeSchema } from "~/schemas/auth";
import { TWO_FACTOR_MESSAGES } from "~/schemas/auth-messages";
import { requireAdmin } from "~/server/auth/auth.server";
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  pendingEnrolment,
  twoFactorEnabled,
  unusedRecoveryCodes,
} from "~/server/auth/two-factor.server";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Two-factor sign-in",
    description: "Protect your {brand} admin account with an authenticator app.",
    path: "/admin/two-factor",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  if (await twoFactorEnabled(admin.id))
    return { state: "on" as const, recoveryCodesLeft: await unusedRecoveryCodes(admin.id), enrolment: null };
  return { state: "off" as const, recoveryCodesLeft: 0, enrolment: await pendingEnrolment(admin) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "begin") {
    await beginEnrolment(admin);
    return data({ recoveryCodes: null, result: null });
  }
  const submission = parseWithZod(formData, { schema: twoFactorCodeSchema });
  if (submission.status !== "success")
    return data({ recoveryCodes: null, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  if (intent === "confirm") {
    const confirmed = await confirmEnrolment(admin, submission.value.code);
    if (!confirmed.ok)
      return data(
        {
          recoveryCodes: null,
          result: submission.reply({ fieldErrors: { code: [confirmed.message] }, hideFields: ["code"] }),
        },
        { status: 400 },
      );
    return data({ recoveryCodes: confirmed.recoveryCodes, result: null });
  }
  if (intent === "disable") {
    if (!(await disableTwoFactor(admin, submission.value.code))) {
      return data(
        {
          recoveryCodes: null,
          result: submission.reply({ fieldErrors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] }, hideFields: ["code"] }),
        },
        { status: 400 },
      );
    }
    return data({ recoveryCodes: null, result: null });
  }
  return data(
    { recoveryCodes: null, result: submission.reply({ formErrors: ["Choose an action on the page."] }) },
    { status: 400 },
  );
}

export default function TwoFactorPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = usePending();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <BackToDashboard look="link" />
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Two-factor sign-in</h1>
      {actionData?.recoveryCodes ? (
        <RecoveryCodes codes={actionData.recoveryCodes} />
      ) : page.state === "on" ? (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="two-factor-on">
          <p className="font-semibold text-green-800" role="status">
            Two-factor sign-in is on.
          </p>
          <p className="mt-1 text-sm text-slate-700">
            After your password, you give the code from your authenticator app. {page.recoveryCodesLeft} recovery codes
            are left unused.
          </p>
          <CodeForm
            intent="disable"
            label="Turn off two-factor sign-in"
            help="Give a current code from your app (or a recovery code) to turn it off."
          />
        </section>
      ) : page.enrolment ? (
        <section
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          data-testid="two-factor-enrol"
        >
          <h2 className="text-xl font-semibold text-slate-900">1. Add this account to your authenticator app</h2>
          <img
            src={page.enrolment.qrCodeDataUrl}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="mt-4 size-48 border border-slate-200"
          />
          <p className="mt-3 text-sm text-slate-700">Cannot scan it? Type this key into the app instead:</p>
          <p className="mt-1 font-mono text-lg tracking-wider text-slate-900" data-testid="manual-key">
            {page.enrolment.manualKey}
          </p>
          <h2 className="mt-6 text-xl font-semibold text-slate-900">2. Type the code it shows</h2>
          <CodeForm intent="confirm" label="Turn on two-factor sign-in" />
        </section>
      ) : (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">
            Two-factor sign-in is off. Turn it on so that a stolen password alone cannot open this admin account: you
            will need an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).
          </p>
          <Form method="post" className="mt-4">
            <StatusButton name="intent" value="begin" pending={pending} pendingText="Preparing...">
              Set up two-factor sign-in
            </StatusButton>
          </Form>
        </section>
      )}
    </div>
  );
}

function CodeForm({ intent, label, help }: { intent: "confirm" | "disable"; label: string; help?: string }) {
  const actionData = useActionData<typeof action>();
  const pending = usePending();
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/auth").then((schemas) => schemas.twoFactorCodeSchema),
    {
      lastResult: actionData?.result ?? undefined,
      pending,
    },
  );
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
      {help ? <p className="text-sm text-slate-700">{help}</p> : null}
      <FormErrorSummary form={form} />
      <FormField
        meta={fields.code}
        label="Code"
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
      />
      <StatusButton name="intent" value={intent} pending={pending} pendingText="Checking...">
        {label}
      </StatusButton>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      className="mt-6 rounded-xl border border-green-200 bg-green-50 p-6"
      data-testid="recovery-codes"
      aria-labelledby="recovery-heading"
    >
      <h2 id="recovery-heading" className="text-xl font-semibold text-green-900" role="status">
        Two-factor sign-in is on. Keep your recovery codes.
      </h2>
      <p className="mt-1 text-sm text-green-900">
        Each one signs you in once if you lose your phone. They are shown only now: print them or keep them in a
        password manager.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to="/admin/dashboard" className="mt-4 inline-block font-medium text-blue-700 hover:underline">
        I have kept them: back to the dashboard
      </Link>
    </section>
  );
}
