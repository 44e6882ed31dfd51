// PayPal's OAuth token call on its own, so the settings can check credentials before they are
// saved without importing the PayPal client (which reads the saved settings).
import { env } from "~/server/platform/env.server";

const PAYPAL_SANDBOX_API = "https://api-m.sandbox.paypal.com";

export const apiBase = () => (env.PAYPAL_API_BASE ?? PAYPAL_SANDBOX_API).replace(/\/$/, "");

export function requestToken(clientId: string, clientSecret: string) {
  const credentials = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
  return fetch(`${apiBase()}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${credentials}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
    signal: AbortSignal.timeout(15_000),
  });
}

/**
 * Whether PayPal takes this client id and secret (an access token is the cheapest
 * authenticated call), and if not, PayPal's own reason.
 */
export async function checkPayPalCredentials(
  clientId: string,
  clientSecret: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const response = await requestToken(clientId, clientSecret);
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { error_description?: string; error?: string };
    return { ok: false, reason: body.error_description ?? body.error ?? `PayPal answered HTTP ${response.status}` };
  } catch {
    return { ok: false, reason: "PayPal could not be reached. Please try again in a moment." };
  }
}
