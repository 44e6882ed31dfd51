// POST /api/twilio/inbound: Twilio's inbound texts (STOP and START). The
// signature (X-Twilio-Signature) is the caller's identity (server/messages/twilio-webhooks.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleInboundText } from "~/server/messages/twilio-webhooks.server";
import { apiError, readTextBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // Counted as it arrives: a body over the limit is refused before it is all held in memory.
  const payload = await readTextBody(request);
  const answer = await handleInboundText(request.headers.get("x-twilio-signature"), new URLSearchParams(payload));
  if (answer.status !== 200) return apiError(answer.status, answer.body);
  return new Response(answer.body, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
