// GET /api/driver/offers/events: server-sent events for one driver, "change" when their own
// list of open jobs changes: an offer added (with its card) or gone (taken by another driver, or
// closed), so the portal applies it without reloading. Drivers a change does not concern hear
// nothing (platform/live-stream.server.ts, drivers/offers.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { liveDriver, offerLiveData } from "~/server/drivers/offers.server";
import { apiError } from "~/server/platform/api.server";
import { liveTopicStream } from "~/server/platform/live-stream.server";
import { offersTopic, type OfferEvent } from "~/server/platform/live.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiDriver(request);
  const driver = await liveDriver(user.id);
  if (!driver) return apiError(403, "Your driver profile is not linked to this account yet");
  return liveTopicStream<OfferEvent>(request, {
    userId: user.id,
    topic: offersTopic(driver.id),
    ready: "{}",
    change: (event) => offerLiveData(driver, event),
  });
}
