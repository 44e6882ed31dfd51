// POST /api/twilio/status: Twilio's delivery reports of our texts. The
// signature (X-Twilio-Signature) is the caller's identity (server/messages/twilio-webhooks.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleTextStatus } from "~/server/messages/twilio-webhooks.server";
import { apiError, MAX_API_BODY_BYTES, requireMethod } from "~/server/platform/api.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const payload = await request.text();
  if (payload.length > MAX_API_BODY_BYTES)
    return apiError(413, `The request body is too large (the limit is ${MAX_API_BODY_BYTES / 1024 / 1024} MB)`);
  const answer = await handleTextStatus(request.headers.get("x-twilio-signature"), new URLSearchParams(payload));
  if (answer.status !== 200) return apiError(answer.status, answer.body);
  return new Response(answer.body, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
