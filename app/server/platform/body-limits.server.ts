// How large a request body may be. The HTTP server (server.ts) checks it before any handler
// reads a byte, and the readers of page forms, JSON and uploads check it again as they read
// (a body without Content-Length is counted as it arrives).
//   - every route: 1 MB;
//   - the driver application's no-JS form: four documents and the text fields;
//   - one chunk of the chunked upload API, with its multipart overhead;
//   - a form of photos taken on a phone (a driver's proof of delivery, sent from the page or kept
//     offline, or handed to support; a customer's damage claim): up to 6 photos of up to 15 MB
//     each, one more file (a signature, a proof of value) and the text fields.
import { PHOTO_MAX_MB, PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
import { CHUNK_SIZE_BYTES } from "~/domain/file-types";
import { DOCUMENT_FIELDS } from "~/schemas/driver-application";
import { env } from "./env.server";

export const MB = 1024 * 1024;

/** The largest body any route reads in one piece: a page's form, a JSON call, a webhook. */
export const MAX_BODY_BYTES = 1 * MB;

/** Multipart overhead allowed on top of a chunk (boundaries and the small text fields). */
const CHUNK_REQUEST_OVERHEAD = 64 * 1024;

/** The per-document limit (UPLOAD_MAX_FILE_MB, 10 MB unless configured). */
export function maxFileBytes() {
  return Math.floor(env.UPLOAD_MAX_FILE_MB * MB);
}

/** The no-JS driver application: four documents and 1 MB of text. */
export function maxApplicationFormBytes() {
  return DOCUMENT_FIELDS.length * maxFileBytes() + MB;
}

/** One photo as a phone takes it (2 to 6 MB is usual): read in full, then made smaller. */
export const MAX_PHOTO_BYTES = PHOTO_MAX_MB * MB;

/**
 * A form of photos (a proof of delivery, a damage claim): its photos and one more file at the
 * photo limit, and 1 MB of text. Each photo is also held to MAX_PHOTO_BYTES as it is read.
 */
export function maxPhotoFormBytes() {
  return (PROOF_MAX_PHOTOS + 1) * MAX_PHOTO_BYTES + MB;
}

/** One request of the chunked upload API. */
export const MAX_CHUNK_REQUEST_BYTES = CHUNK_SIZE_BYTES + CHUNK_REQUEST_OVERHEAD;

/** The pages and API routes that take a form of photos. */
const PHOTO_FORM_PATHS = [
  /^\/driver\/jobs\/[^/]+\/complete$/,
  /^\/api\/driver\/jobs\/[^/]+\/proof(-to-support)?$/,
  /^\/bookings\/[^/]+\/claim$/,
];

/** The body limit of a path (a page's single-fetch data request, "<path>.data", is the page's). */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (path === "/driver-registration") return maxApplicationFormBytes();
  if (path === "/api/drivers/upload-chunk") return MAX_CHUNK_REQUEST_BYTES;
  if (PHOTO_FORM_PATHS.some((pattern) => pattern.test(path))) return maxPhotoFormBytes();
  return MAX_BODY_BYTES;
}
