import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { payPalConfigSchema } from "~/schemas/paypal-config";
import { canSaveStripeKeys, stripeConfigSchema } from "~/schemas/stripe-config";
import {
  looksSecret,
  STRIPE_CONFIG_ERRORS,
  STRIPE_TEST_KEYS_URL,
  stripeConfigErrorText,
} from "~/schemas/stripe-config-messages";
import { refuse } from "~/server/auth/auth-forms.server";
import { requireAdmin } from "~/server/auth/auth.server";
import {
  getKeySettingsView,
  KeyRefusedError,
  removeSavedKeys,
  savePayPalKeys,
  saveStripeKeys,
  testConnection,
  type KeySettingsView,
  type StripeKeySource,
} from "~/server/payments/settings.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { useValidatedForm } from "~/utils/use-validated-form";

// Admins only (docs/decisions/008-admin-only-payment-tools.md): the keys decide where customers' money goes.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Stripe Configuration",
    description: "The Stripe keys {brand} takes card payments with.",
    path: "/stripe-config",
    matches,
    noindex: true,
  });

/** after "Saved" the page reloads its data after 1500 ms. */
const SAVED_RELOAD_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stripe, paypal] = await Promise.all([getKeySettingsView("stripe"), getKeySettingsView("paypal")]);
  return { settings: stripe, paypal };
}

type Provider = "stripe" | "paypal";
const INTENTS = ["stripe-save", "stripe-test", "stripe-remove", "paypal-save", "paypal-test", "paypal-remove"] as const;
type Intent = (typeof INTENTS)[number];

const REMOVED_TEXT: Record<Provider, (view: KeySettingsView) => string> = {
  stripe: (view) =>
    view.source
      ? "The saved Stripe keys were removed: the environment's keys are used now."
      : "The saved Stripe keys were removed: built-in test payments are used now.",
  paypal: (view) =>
    view.source
      ? "The saved PayPal credentials were removed: the environment's are used now."
      : "The saved PayPal credentials were removed: PayPal is off.",
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent: Intent = INTENTS.find((name) => name === formData.get("intent")) ?? "stripe-save";
  const provider: Provider = intent.startsWith("paypal") ? "paypal" : "stripe";

  if (intent.endsWith("-test")) return { notice: { provider, ...(await testConnection(provider)) } };
  if (intent.endsWith("-remove")) {
    const removed = await removeSavedKeys(provider, admin.id);
    const message = removed ? REMOVED_TEXT[provider](await getKeySettingsView(provider)) : "Nothing was saved.";
    return { notice: { provider, ok: true, message } };
  }
  if (intent === "paypal-save") return savePayPal(formData, admin.id);

  const submission = parseWithZod(formData, { schema: stripeConfigSchema });
  // The secret never comes back, nor a secret pasted into the publishable key's box.
  const hideFields = looksSecret(formData.get("publicKey")) ? ["secretKey", "publicKey"] : ["secretKey"];
  if (submission.status !== "success") return refuse(submission, hideFields, { status: 400 });

  try {
    await saveStripeKeys(submission.value, admin.id);
  } catch (error) {
    if (error instanceof KeyRefusedError) {
      // Stripe's reason for the secret goes under the secret's field; a mismatched pair is the form's.
      return submission.value.secretKey && error.message.startsWith(STRIPE_CONFIG_ERRORS.keyRefused.message)
        ? refuse(submission, hideFields, { status: 400, fieldErrors: { secretKey: [error.message] } })
        : refuse(submission, hideFields, { status: 400, formError: error.message });
    }
    console.error("Could not save the Stripe keys", error);
    return refuse(submission, hideFields, { status: 500, formError: STRIPE_CONFIG_ERRORS.saveFailed.message });
  }
  return { ...submission.reply({ resetForm: true }), saved: true as const };
}

async function savePayPal(formData: FormData, adminId: string) {
  const submission = parseWithZod(formData, { schema: payPalConfigSchema });
  const reply = (options: Parameters<typeof submission.reply>[0]) =>
    submission.reply({ ...options, hideFields: ["clientSecret"] });
  if (submission.status !== "success") return data({ paypal: reply({}) }, { status: 400 });
  try {
    await savePayPalKeys(submission.value, adminId);
  } catch (error) {
    if (!(error instanceof KeyRefusedError)) throw error;
    return data({ paypal: reply({ formErrors: [error.message] }) }, { status: 400 });
  }
  return { paypal: submission.reply({ resetForm: true }), paypalSaved: true as const };
}

type StripeResult = SubmissionResult<string[]> & { saved?: true };
type Notice = { provider: Provider; ok: boolean; message: string };
type ActionData = StripeResult | { notice: Notice } | { paypal: SubmissionResult<string[]>; paypalSaved?: true };

const SOURCE_TEXT: Record<Provider, Record<NonNullable<StripeKeySource> | "none", string>> = {
  stripe: {
    database: "Keys saved on this page (stored in the database, the secret key encrypted) are used.",
    environment: "Keys come from the server's environment (STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY).",
    none: "No Stripe keys are set: built-in test payments are used.",
  },
  paypal: {
    database: "Credentials saved on this page (stored in the database, the secret encrypted) are used.",
    environment: "Credentials come from the server's environment (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET).",
    none: "PayPal is not set up: customers pay by card only.",
  },
};

const KEY_SOURCE_TEXT = { database: "saved here", environment: "from the environment" } as const;

/** Whether this page's form with this intent is being sent (each button says so on its own). */
function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** idle → saved (shown for SAVED_RELOAD_MS) → the page's data reloads → idle again. */
function useSavedState(saved: boolean | undefined, actionData: unknown) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Without JavaScript the page after a save says "Saved" for good.
  const [shown, setShown] = useState(Boolean(saved));
  useEffect(() => {
    if (!saved) return;
    setShown(true);
    const timer = setTimeout(() => {
      setShown(false);
      revalidate.current();
    }, SAVED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [saved, actionData]);
  return shown;
}

export default function StripeConfigPage() {
  const { settings, paypal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const stripeResult = actionData && !("notice" in actionData) && !("paypal" in actionData) ? actionData : undefined;
  const paypalResult = actionData && "paypal" in actionData ? actionData : undefined;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <BackToDashboard look="link" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Stripe Configuration</h1>
      <p className="mt-2 text-slate-700">
        The keys card payments are taken with, and PayPal&apos;s below. Leave a key empty to keep the one in use; new
        keys are checked with the provider before they are saved.{" "}
        <a
          href={STRIPE_TEST_KEYS_URL}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-blue-700 hover:underline"
        >
          Use Stripe test keys
        </a>
      </p>
      <InUse provider="stripe" view={settings} notice={notice?.provider === "stripe" ? notice : null} />
      <StripeKeysForm settings={settings} lastResult={stripeResult} />

      <h2 className="mt-10 text-2xl font-bold text-slate-900">PayPal</h2>
      <InUse provider="paypal" view={paypal} notice={notice?.provider === "paypal" ? notice : null} />
      <PayPalForm view={paypal} lastResult={paypalResult?.paypal} saved={paypalResult?.paypalSaved} />
    </div>
  );
}

/** What is in use now, with "Test connection" and, when something is saved here, "Remove saved keys". */
function InUse({ provider, view, notice }: { provider: Provider; view: KeySettingsView; notice: Notice | null }) {
  // Stripe's part sits under the page's h1, PayPal's under its own h2.
  const Heading = provider === "stripe" ? "h2" : "h3";
  const names =
    provider === "stripe"
      ? {
          public: "Publishable key",
          secret: "Secret key",
          savedSecret: "Saved secret key",
          headingId: "stripe-current",
        }
      : { public: "Client id", secret: "Secret", savedSecret: "Saved secret", headingId: "paypal-current" };
  const testing = useBusy(`${provider}-test`);
  const removing = useBusy(`${provider}-remove`);
  return (
    <section
      aria-labelledby={names.headingId}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={`${provider}-in-use`}
    >
      <Heading id={names.headingId} className="text-lg font-semibold text-slate-900">
        In use now
      </Heading>
      <p className="mt-1 text-sm text-slate-700" data-testid={`${provider}-source`}>
        {SOURCE_TEXT[provider][view.source ?? "none"]}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{names.public}</dt>
        <dd className="break-all text-slate-900" data-testid={`${provider}-publishable-key`}>
          {view.publicValue ? `${view.publicValue} (${KEY_SOURCE_TEXT[view.publicSource!]})` : "Not set"}
        </dd>
        <dt className="font-medium text-slate-700">{names.secret}</dt>
        <dd className="text-slate-900" data-testid={`${provider}-secret-key`}>
          {view.secretSource === "database" && view.secretLast4
            ? `${names.savedSecret} ending in ${view.secretLast4}`
            : view.secretLast4
              ? `${names.secret} from the environment, ending in ${view.secretLast4}`
              : "Not set"}
        </dd>
      </dl>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <StatusButton
          pending={testing}
          pendingText="Testing…"
          name="intent"
          value={`${provider}-test`}
          variant="secondary"
        >
          Test connection<span className="sr-only"> to {provider === "stripe" ? "Stripe" : "PayPal"}</span>
        </StatusButton>
        {view.saved ? (
          <StatusButton
            pending={removing}
            pendingText="Removing…"
            name="intent"
            value={`${provider}-remove`}
            variant="secondary"
          >
            Remove saved keys<span className="sr-only"> of {provider === "stripe" ? "Stripe" : "PayPal"}</span>
          </StatusButton>
        ) : null}
      </Form>
      {/* The answer of a test or a removal, read out where the buttons are. */}
      <p
        role={notice && !notice.ok ? "alert" : "status"}
        className={`mt-3 text-sm font-medium ${notice?.ok === false ? "text-red-800" : "text-green-800"}`}
        data-testid={`${provider}-notice`}
      >
        {notice?.message ?? ""}
      </p>
    </section>
  );
}

function StripeKeysForm({ settings, lastResult }: { settings: KeySettingsView; lastResult: StripeResult | undefined }) {
  const pending = useBusy("stripe-save");
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/stripe-config").then((schemas) => schemas.stripeConfigSchema),
    { lastResult, pending },
  );
  const saved = useSavedState(lastResult?.saved, lastResult);
  // With JavaScript, Save waits for keys the server would take; without, the server says why not.
  const hydrated = useHydrated();
  const canSave = canSaveStripeKeys(fields.publicKey.value, fields.secretKey.value);

  const { key: publicKeyKey, ...publicKeyProps } = getInputProps(fields.publicKey, { type: "text" });
  const {
    key: secretKeyKey,
    defaultValue: _neverPrefilled,
    ...secretKeyProps
  } = getInputProps(fields.secretKey, { type: "password" });
  const savedSecret = settings.secretSource === "database" && settings.secretLast4;

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <input type="hidden" name="intent" value="stripe-save" />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Change the keys</legend>
        <ErrorSummary
          formId={form.id}
          errors={
            form.status === "error"
              ? {
                  "": form.errors?.map((message) => stripeConfigErrorText(message)),
                  publicKey: fields.publicKey.errors?.map((message) => stripeConfigErrorText(message, "publicKey")),
                  secretKey: fields.secretKey.errors?.map((message) => stripeConfigErrorText(message, "secretKey")),
                }
              : null
          }
        />
        <Field
          key={publicKeyKey}
          {...publicKeyProps}
          label="Publishable Key"
          placeholder="pk_test_…"
          autoComplete="off"
          spellCheck={false}
          errors={fields.publicKey.errors?.map((message) => stripeConfigErrorText(message, "publicKey"))}
        />
        <Field
          key={secretKeyKey}
          {...secretKeyProps}
          label="Secret Key"
          placeholder="sk_test_…"
          autoComplete="off"
          spellCheck={false}
          hint={
            savedSecret
              ? `Saved secret key ending in ${settings.secretLast4}. Leave empty to keep it.`
              : "Stored encrypted; never shown again."
          }
          errors={fields.secretKey.errors?.map((message) => stripeConfigErrorText(message, "secretKey"))}
        />
        <div className="flex items-center gap-3">
          <StatusButton pending={pending} pendingText="Saving…" disabled={hydrated && !canSave}>
            {saved ? "Saved" : "Save"}
          </StatusButton>
          <p role="status" className="text-sm font-medium text-green-800">
            {saved ? "Your Stripe keys were saved." : ""}
          </p>
        </div>
      </fieldset>
    </Form>
  );
}

function PayPalForm({
  view,
  lastResult,
  saved: justSaved,
}: {
  view: KeySettingsView;
  lastResult: SubmissionResult<string[]> | undefined;
  saved: true | undefined;
}) {
  const pending = useBusy("paypal-save");
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/paypal-config").then((schemas) => schemas.payPalConfigSchema),
    { lastResult, pending },
  );
  const saved = useSavedState(justSaved, lastResult);
  const { key: clientIdKey, ...clientIdProps } = getInputProps(fields.clientId, { type: "text" });
  const {
    key: secretKey,
    defaultValue: _neverPrefilled,
    ...secretProps
  } = getInputProps(fields.clientSecret, { type: "password" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <input type="hidden" name="intent" value="paypal-save" />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Change the PayPal credentials</legend>
        <ErrorSummary
          formId={form.id}
          errors={
            form.status === "error"
              ? { "": form.errors, clientId: fields.clientId.errors, clientSecret: fields.clientSecret.errors }
              : null
          }
        />
        <Field
          key={clientIdKey}
          {...clientIdProps}
          label="PayPal client id"
          autoComplete="off"
          spellCheck={false}
          errors={fields.clientId.errors}
        />
        <Field
          key={secretKey}
          {...secretProps}
          label="PayPal secret"
          autoComplete="off"
          spellCheck={false}
          hint={
            view.secretSource === "database" && view.secretLast4
              ? `Saved secret ending in ${view.secretLast4}. Leave empty to keep it.`
              : "Stored encrypted; never shown again."
          }
          errors={fields.clientSecret.errors}
        />
        <div className="flex items-center gap-3">
          <StatusButton pending={pending} pendingText="Saving…">
            {saved ? "Saved" : "Save PayPal credentials"}
          </StatusButton>
          <p role="status" className="text-sm font-medium text-green-800">
            {saved ? "Your PayPal credentials were saved." : ""}
          </p>
        </div>
      </fieldset>
    </Form>
  );
}
