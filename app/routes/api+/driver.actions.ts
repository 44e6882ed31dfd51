// POST /api/driver/actions: one action the driver's phone kept while offline, sent
// when the signal returns, in the order it was made: a step, a stop done, a chat message or a
// position, with its own id and the phone's time. 200 when applied, or when it was applied
// before ({ duplicate: true }); 409 or 404 with the one sentence the driver reads when the job
// changed meanwhile ({ refused: true }: this and the job's later actions will never apply).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { queuedActionSchema } from "~/schemas/offline-queue";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { applyQueuedAction } from "~/server/drivers/offline-queue.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const input = await parseJsonBody(request, queuedActionSchema);
  const answer = await applyQueuedAction(user, input);
  if (!answer.ok) return apiError(answer.status, answer.message, { refused: answer.refused });
  return Response.json({ success: true, duplicate: answer.duplicate });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
