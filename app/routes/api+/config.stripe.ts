// POST /api/config/stripe { publicKey, secretKey } → { success, publishableKey, secretKeyLast4 }.
// Admins only (session cookie or bearer token): 401 without, 403 for anyone else, before
// anything else is looked at. An empty key keeps the saved one; the secret never comes back.
// A new secret key is checked with Stripe first: a refused one is a 400 with Stripe's reason.
import type { ActionFunctionArgs } from "@remix-run/node";
import { stripeConfigSchema } from "~/schemas/stripe-config";
import { STRIPE_CONFIG_ERRORS } from "~/schemas/stripe-config-messages";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { KeyRefusedError, saveStripeKeys } from "~/server/payments/settings.server";
import { apiError, readJsonBody, requireMethod, validationError } from "~/server/platform/api.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "POST");
  const parsed = stripeConfigSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationError(parsed.error);

  try {
    const saved = await saveStripeKeys(parsed.data, admin.id);
    return Response.json(
      { success: true, publishableKey: saved.publicValue, secretKeyLast4: saved.secretLast4 },
      { headers: NO_STORE },
    );
  } catch (error) {
    // Stripe refused the key (its reason), or the two keys are of different modes: nothing saved.
    if (error instanceof KeyRefusedError) return apiError(400, error.message);
    console.error("Could not save the Stripe keys", error);
    return apiError(500, `${STRIPE_CONFIG_ERRORS.saveFailed.title}: ${STRIPE_CONFIG_ERRORS.saveFailed.message}`);
  }
}
