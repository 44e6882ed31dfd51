// Driver documents in storage: the upload session that ties anonymous uploads to one browser,
// the stored names, and storing, finding and discarding pending documents. The no-JS form
// (form.server.ts) and the chunked upload API (chunks.server.ts) both end in storeDocument.
//
// How anonymous uploads are tied to the applicant: the browser carries a signed, httpOnly
// "upload session" cookie (a random id, set by the registration page and by the upload API).
// - A stored document's name is <nonce><HMAC(session, nonce)>: only the session that uploaded
//   it can claim it in an application (the path alone, even if leaked, is not enough).
// - Until claimed, a document is a StoredFile row with no driver ("pending"); claiming sets
//   the driver in one conditional update, so a document is claimed at most once.
// - Pending documents older than 24 hours are removed (cleanup.server.ts).
//
// Layout in storage: a document "uploads/<name>" (the path the application stores, as the
// API clients expect) is the object "<name>" at the root of UPLOAD_DIR (a document stored under a
// folder, "uploads/demo/…", follows the same rule); chunks live under "chunks/", streams in progress
// under "tmp/".
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { detectFileType, isAccepted, MAGIC_BYTES_LENGTH, type DetectedFileType } from "~/domain/file-types";
import { fileMessages, UPLOAD_PATH, type DocumentField } from "~/schemas/driver-application";
import { maxFileBytes, MB } from "~/server/platform/body-limits.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { isSafeKey } from "./file-storage.server";
import { chargeUploadQuota, diskHasRoomFor, UPLOAD_MESSAGES } from "./quota.server";
import { getStorage } from "./storage.server";
import { FileTooLargeError, limited, peek } from "./streams.server";

export { maxFileBytes, MB };

export type UploadFailure = { ok: false; status: 400 | 404 | 409 | 413 | 415 | 507; message: string };

// ---------------------------------------------------------------- upload session cookie

const SESSION_ID = /^[a-f0-9]{32}$/;

const uploadSessionCookie = createCookie("__uploads", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 2 * 24 * 60 * 60,
  secure: env.NODE_ENV === "production" && env.SITE_URL.startsWith("https:"),
  secrets: [env.SESSION_SECRET],
});

/** The browser's upload session id, if its cookie is present and genuine. */
export async function readUploadSession(request: Request): Promise<string | null> {
  const value: unknown = await uploadSessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

/** The upload session id, starting one (with its Set-Cookie header) when there is none. */
export async function ensureUploadSession(request: Request): Promise<{ id: string; setCookie: string | null }> {
  const existing = await readUploadSession(request);
  if (existing) return { id: existing, setCookie: null };
  const id = randomBytes(16).toString("hex");
  return { id, setCookie: await uploadSessionCookie.serialize(id) };
}

// ---------------------------------------------------------------- stored names

function signature(sessionId: string, nonce: string) {
  return createHmac("sha256", env.SESSION_SECRET)
    .update(`driver-document:${sessionId}:${nonce}`)
    .digest("hex")
    .slice(0, 32);
}

const DOCUMENT_PREFIX = "uploads/";

/** The storage key of a document path ("uploads/<name>" is stored as "<name>"), or null. */
export function storageKeyOf(documentPath: string) {
  if (!documentPath.startsWith(DOCUMENT_PREFIX)) return null;
  const key = documentPath.slice(DOCUMENT_PREFIX.length);
  const first = key.split("/")[0];
  return isSafeKey(key) && first !== "chunks" && first !== "tmp" ? key : null;
}

/** A fresh random path for a document uploaded in this session: "uploads/<64 hex>.<ext>". */
function newDocumentPath(sessionId: string, type: DetectedFileType) {
  const nonce = randomBytes(16).toString("hex");
  return `${DOCUMENT_PREFIX}${nonce}${signature(sessionId, nonce)}.${type.extension}`;
}

/** True when the path was made for this upload session. */
export function pathBelongsToSession(path: string, sessionId: string | null) {
  if (!sessionId || !UPLOAD_PATH.test(path)) return false;
  const name = path.slice(DOCUMENT_PREFIX.length, DOCUMENT_PREFIX.length + 64);
  const expected = Buffer.from(signature(sessionId, name.slice(0, 32)), "hex");
  return timingSafeEqual(Buffer.from(name.slice(32), "hex"), expected);
}

/** A client's file name kept only as a label (never as a path): no separators or controls. */
function cleanOriginalName(name: string | undefined | null) {
  const cleaned = (name ?? "")
    .split(/[/\\]/)
    .pop()!
    .replace(/[\p{Cc}"<>]/gu, "")
    .trim()
    .slice(0, 200);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "document" : cleaned;
}

// ---------------------------------------------------------------- storing a document

export type StoredDocument = { ok: true; path: string; mimeType: string; sizeBytes: number; originalName: string };

/**
 * Streams one document into storage as a pending upload of this session: checks its type by
 * content against what the field accepts and its size against the limit. On a refusal,
 * nothing stays in storage; the caller drains what is left of `source` if it must.
 */
export async function storeDocument({
  sessionId,
  field,
  originalName,
  source,
  chargeQuota = true,
}: {
  sessionId: string;
  field: DocumentField;
  originalName: string | undefined;
  source: AsyncIterable<Uint8Array>;
  /** False when the bytes were counted already (the chunks of an assembled document). */
  chargeQuota?: boolean;
}): Promise<StoredDocument | UploadFailure> {
  if (!(await diskHasRoomFor(maxFileBytes()))) return { ok: false, status: 507, message: UPLOAD_MESSAGES.diskFull };
  const { head, stream } = await peek(source, MAGIC_BYTES_LENGTH);
  const type = detectFileType(head);
  if (!type || !isAccepted(type, field.accepts))
    return { ok: false, status: 415, message: fileMessages.wrongType(field) };

  const storage = getStorage();
  const path = newDocumentPath(sessionId, type);
  let sizeBytes: number;
  try {
    ({ sizeBytes } = await storage.write(storageKeyOf(path)!, limited(stream, maxFileBytes())));
  } catch (error) {
    if (error instanceof FileTooLargeError)
      return { ok: false, status: 413, message: fileMessages.tooLarge(field, env.UPLOAD_MAX_FILE_MB) };
    throw error;
  }
  if (chargeQuota && !(await chargeUploadQuota(sessionId, sizeBytes))) {
    await storage.delete(storageKeyOf(path)!);
    return { ok: false, status: 413, message: UPLOAD_MESSAGES.quota };
  }
  const name = cleanOriginalName(originalName);
  try {
    await db.storedFile.create({
      data: { storageKey: path, kind: field.kind, originalName: name, mimeType: type.mimeType, sizeBytes },
    });
  } catch (error) {
    await storage.delete(storageKeyOf(path)!);
    throw error;
  }
  return { ok: true, path, mimeType: type.mimeType, sizeBytes, originalName: name };
}

/** Removes pending documents (e.g. of a form that failed for good). Claimed ones are untouched. */
export async function discardPendingDocuments(paths: string[]) {
  if (paths.length === 0) return;
  const rows = await db.storedFile.findMany({
    where: { storageKey: { in: paths }, driverId: null },
    select: { storageKey: true },
  });
  for (const row of rows) {
    const key = storageKeyOf(row.storageKey);
    if (key) await getStorage().delete(key);
  }
  await db.storedFile.deleteMany({ where: { storageKey: { in: rows.map((row) => row.storageKey) }, driverId: null } });
}

/** The pending documents of this session among `paths`, by path (others are left out). */
export async function findPendingDocuments(sessionId: string | null, paths: string[]) {
  const own = paths.filter((path) => pathBelongsToSession(path, sessionId));
  if (own.length === 0) return new Map<string, { kind: string; originalName: string; mimeType: string }>();
  const rows = await db.storedFile.findMany({
    where: { storageKey: { in: own }, driverId: null },
    select: { storageKey: true, kind: true, originalName: true, mimeType: true },
  });
  return new Map(
    rows.map((row) => [
      row.storageKey,
      { kind: row.kind as string, originalName: row.originalName, mimeType: row.mimeType },
    ]),
  );
}
