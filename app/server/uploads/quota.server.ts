// What one upload session may store, and the disk's last reserve. An applicant needs four
// documents; the quota leaves room to replace each once (and the chunks on the way), and
// refuses a session that only fills the disk. Below UPLOAD_MIN_FREE_MB of free space every
// upload is refused with a 507 before a byte is written, so the disk never fills up.
import { DOCUMENT_FIELDS } from "~/schemas/driver-application";
import { maxFileBytes, MB } from "~/server/platform/body-limits.server";
import { env } from "~/server/platform/env.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { getStorage } from "./storage.server";

export const UPLOAD_MESSAGES = {
  quota: "You have uploaded more than one application needs. Please send the application, or try again tomorrow.",
  diskFull: "Uploads are paused for a while: please try again later.",
} as const;

/** Bytes one upload session may store in 24 hours. */
export function uploadQuotaBytes() {
  return DOCUMENT_FIELDS.length * maxFileBytes() * 2;
}

/** Counts `bytes` against the session's quota; false once it is spent (the caller removes them). */
export async function chargeUploadQuota(sessionId: string, bytes: number) {
  const result = await hitRateLimit(
    { name: "upload-bytes", limit: uploadQuotaBytes(), windowSeconds: 24 * 60 * 60 },
    sessionId,
    bytes,
  );
  return result.allowed;
}

/** True while `incomingBytes` more would still leave the reserve free. */
export async function diskHasRoomFor(incomingBytes: number) {
  const free = await getStorage().freeBytes();
  return free === null || free - incomingBytes >= env.UPLOAD_MIN_FREE_MB * MB;
}
