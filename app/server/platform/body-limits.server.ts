// How large a request body may be. The HTTP server (server.ts) checks it before any handler
// reads a byte, and the readers of page forms, JSON and uploads check it again as they read
// (a body without Content-Length is counted as it arrives).
//   - every route: 1 MB;
//   - the driver application's no-JS form: four documents and the text fields;
//   - one chunk of the chunked upload API, with its multipart overhead;
//   - a driver's proof of delivery: its photos, a drawn signature and the text fields.
import { PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
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

/** A proof of delivery: its photos and a signature at the document limit, and 1 MB of text. */
export function maxProofFormBytes() {
  return (PROOF_MAX_PHOTOS + 1) * maxFileBytes() + MB;
}

/** One request of the chunked upload API. */
export const MAX_CHUNK_REQUEST_BYTES = CHUNK_SIZE_BYTES + CHUNK_REQUEST_OVERHEAD;

/** The body limit of a path (a page's single-fetch data request, "<path>.data", is the page's). */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (path === "/driver-registration") return maxApplicationFormBytes();
  if (path === "/api/drivers/upload-chunk") return MAX_CHUNK_REQUEST_BYTES;
  if (/^\/driver\/jobs\/[^/]+\/complete$/.test(path)) return maxProofFormBytes();
  return MAX_BODY_BYTES;
}
