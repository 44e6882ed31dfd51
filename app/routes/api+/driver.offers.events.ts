// GET /api/driver/offers/events: server-sent events for drivers, "change" when the
// open jobs change (one opened, taken, or given by an admin), so the portal's list follows live
// (platform/live-stream.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { liveTopicStream } from "~/server/platform/live-stream.server";
import { OPEN_JOBS_TOPIC } from "~/server/platform/live.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiDriver(request);
  return liveTopicStream(request, {
    userId: user.id,
    topic: OPEN_JOBS_TOPIC,
    ready: "{}",
    change: () => JSON.stringify({ at: Date.now() }),
  });
}
