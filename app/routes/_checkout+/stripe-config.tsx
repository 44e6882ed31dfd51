import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { refuse } from "~/routes/_auth+/auth-forms.server";
import { canSaveStripeKeys, stripeConfigSchema } from "~/schemas/stripe-config";
import {
  looksSecret,
  STRIPE_CONFIG_ERRORS,
  STRIPE_TEST_KEYS_URL,
  stripeConfigErrorText,
} from "~/schemas/stripe-config-messages";
import { requireAdmin } from "~/server/auth/auth.server";
import { getStripeSettingsView, saveStripeKeys, type StripeKeySource } from "~/server/payments/settings.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

// Admins only (DECISIONS.md): the keys decide where customers' money goes.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Stripe Configuration",
    description: "The Stripe keys {brand} takes card payments with.",
    path: "/stripe-config",
    matches,
    noindex: true,
  });

/** spec/02 sections 4 and 9: after "Saved" the page reloads its data after 1500 ms. */
const SAVED_RELOAD_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: await getStripeSettingsView() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: stripeConfigSchema });
  // The secret never comes back, nor a secret pasted into the publishable key's box.
  const hideFields = looksSecret(formData.get("publicKey")) ? ["secretKey", "publicKey"] : ["secretKey"];
  if (submission.status !== "success") return refuse(submission, hideFields, { status: 400 });

  try {
    await saveStripeKeys(submission.value, admin.id);
  } catch (error) {
    console.error("Could not save the Stripe keys", error);
    return refuse(submission, hideFields, { status: 500, formError: STRIPE_CONFIG_ERRORS.saveFailed.message });
  }
  return { ...submission.reply({ resetForm: true }), saved: true as const };
}

type ActionData = SubmissionResult<string[]> & { saved?: true };

const SOURCE_TEXT: Record<NonNullable<StripeKeySource> | "none", string> = {
  database: "Keys saved on this page (stored in the database, the secret key encrypted) are used.",
  environment: "Keys come from the server's environment (STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY).",
  none: "No Stripe keys are set: built-in test payments are used.",
};

const KEY_SOURCE_TEXT = { database: "saved here", environment: "from the environment" } as const;

/** idle → saved (shown for SAVED_RELOAD_MS) → the page's data reloads → idle again. */
function useSavedState(actionData: ActionData | undefined) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Without JavaScript the page after a save says "Saved" for good.
  const [saved, setSaved] = useState(Boolean(actionData?.saved));
  useEffect(() => {
    if (!actionData?.saved) return;
    setSaved(true);
    const timer = setTimeout(() => {
      setSaved(false);
      revalidate.current();
    }, SAVED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [actionData]);
  return saved;
}

export default function StripeConfigPage() {
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = usePending();
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/stripe-config").then((schemas) => schemas.stripeConfigSchema),
    { lastResult: actionData, pending },
  );
  const saved = useSavedState(actionData);
  // With JavaScript, Save waits for keys the server would take; without, the server says why not.
  const hydrated = useHydrated();
  const canSave = canSaveStripeKeys(fields.publicKey.value, fields.secretKey.value);

  const { key: publicKeyKey, ...publicKeyProps } = getInputProps(fields.publicKey, { type: "text" });
  const {
    key: secretKeyKey,
    defaultValue: _neverPrefilled,
    ...secretKeyProps
  } = getInputProps(fields.secretKey, { type: "password" });
  const savedSecret = settings.secretKeySource === "database" && settings.secretKeyLast4;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <BackToDashboard look="link" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Stripe Configuration</h1>
      <p className="mt-2 text-slate-700">
        The keys card payments are taken with. Leave a key empty to keep the one in use.{" "}
        <a
          href={STRIPE_TEST_KEYS_URL}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-blue-700 hover:underline"
        >
          Use Stripe test keys
        </a>
      </p>

      <section
        aria-labelledby="stripe-current"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="stripe-current" className="text-lg font-semibold text-slate-900">
          In use now
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="stripe-source">
          {SOURCE_TEXT[settings.source ?? "none"]}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Publishable key</dt>
          <dd className="break-all text-slate-900" data-testid="stripe-publishable-key">
            {settings.publishableKey
              ? `${settings.publishableKey} (${KEY_SOURCE_TEXT[settings.publishableKeySource!]})`
              : "Not set"}
          </dd>
          <dt className="font-medium text-slate-700">Secret key</dt>
          <dd className="text-slate-900" data-testid="stripe-secret-key">
            {savedSecret
              ? `Saved secret key ending in ${settings.secretKeyLast4}`
              : settings.secretKeyLast4
                ? `Secret key from the environment, ending in ${settings.secretKeyLast4}`
                : "Not set"}
          </dd>
        </dl>
      </section>

      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
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
                ? `Saved secret key ending in ${settings.secretKeyLast4}. Leave empty to keep it.`
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
    </div>
  );
}
