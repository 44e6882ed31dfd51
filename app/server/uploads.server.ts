// Driver document uploads: the no-JS multipart form, the chunked upload API, assembly,
// content checks and clean-up. Every file is streamed (never held whole in memory), its type
// is read from its first bytes, and it is stored under a random server-made name.
//
// How anonymous uploads are tied to the applicant: the browser carries a signed, httpOnly
// "upload session" cookie (a random id, set by the registration page and by the upload API).
// - Chunks live under chunks/<session>/<fileId>/, so one browser cannot add to or assemble
//   another's chunks.
// - A stored document's name is <nonce><HMAC(session, nonce)>: only the session that uploaded
//   it can claim it in an application (the path alone, even if leaked, is not enough).
// - Until claimed, a document is a StoredFile row with no driver ("pending"); claiming sets
//   the driver in one conditional update, so a document is claimed at most once.
// - Pending documents, chunks and temporary files older than 24 hours are removed.
//
// Layout in storage: a document "uploads/<name>" (the path the application stores, as the
// spec expects) is the object "<name>" at the root of UPLOAD_DIR (the seed's demo documents,
// "uploads/demo/…", follow the same rule); chunks live under "chunks/", streams in progress
// under "tmp/".
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { CHUNK_SIZE_BYTES, detectFileType, isAccepted, MAGIC_BYTES_LENGTH, type DetectedFileType } from "~/domain/file-types";
import {
  assembleChunksSchema,
  documentField,
  DOCUMENT_FIELDS,
  fileMessages,
  UPLOAD_PATH,
  uploadChunkSchema,
  type DocumentField,
  type DocumentFieldName,
} from "~/schemas/driver-application";
import { db } from "./db.server";
import { env } from "./env.server";
import { getStorage, isSafeKey, LocalDiskStorage } from "./storage.server";

export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** The per-document limit (UPLOAD_MAX_FILE_MB, 10 MB unless configured). */
export function maxFileBytes() {
  return Math.floor(env.UPLOAD_MAX_FILE_MB * MB);
}

/** The per-request limit of the no-JS form: four documents and the text fields. */
export function maxFormRequestBytes() {
  return DOCUMENT_FIELDS.length * maxFileBytes() + MB;
}

/** The most chunks one document may have. */
export function maxChunks() {
  return Math.max(1, Math.ceil(maxFileBytes() / CHUNK_SIZE_BYTES));
}

// Multipart overhead allowed on top of a chunk (boundaries and the small text fields).
const CHUNK_REQUEST_OVERHEAD = 64 * 1024;
const MAX_TEXT_PART_BYTES = 16 * 1024;
const MAX_PARTS = 40;

export type UploadFailure = { ok: false; status: 400 | 404 | 409 | 413 | 415; message: string };

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
  return createHmac("sha256", env.SESSION_SECRET).update(`driver-document:${sessionId}:${nonce}`).digest("hex").slice(0, 32);
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
export function newDocumentPath(sessionId: string, type: DetectedFileType) {
  const nonce = randomBytes(16).toString("hex");
  return `uploads/${nonce}${signature(sessionId, nonce)}.${type.extension}`;
}

/** True when the path was made for this upload session. */
export function pathBelongsToSession(path: string, sessionId: string | null) {
  if (!sessionId || !UPLOAD_PATH.test(path)) return false;
  const name = path.slice("uploads/".length, "uploads/".length + 64);
  const expected = Buffer.from(signature(sessionId, name.slice(0, 32)), "hex");
  return timingSafeEqual(Buffer.from(name.slice(32), "hex"), expected);
}

/** A client's file name kept only as a label (never as a path): no separators or controls. */
export function cleanOriginalName(name: string | undefined | null) {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? "").split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f"<>]/g, "").trim().slice(0, 200);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "document" : cleaned;
}

// ---------------------------------------------------------------- streaming helpers

class FileTooLargeError extends Error {}
export class RequestTooLargeError extends Error {}

/** Reads until at least `length` bytes (or the end); gives them and a stream of everything. */
async function peek(source: AsyncIterable<Uint8Array>, length: number) {
  const iterator = source[Symbol.asyncIterator]();
  const buffered: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < length) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    buffered.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(buffered).subarray(0, length);
  async function* all() {
    yield* buffered;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: new Uint8Array(head), stream: all() };
}

async function* limited(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FileTooLargeError();
    yield chunk;
  }
}

/** Reads and discards the rest of a stream. */
async function drain(source: AsyncIterable<Uint8Array>) {
  for await (const _chunk of source) {
    // discarded
  }
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
}: {
  sessionId: string;
  field: DocumentField;
  originalName: string | undefined;
  source: AsyncIterable<Uint8Array>;
}): Promise<StoredDocument | UploadFailure> {
  const { head, stream } = await peek(source, MAGIC_BYTES_LENGTH);
  const type = detectFileType(head);
  if (!type || !isAccepted(type, field.accepts)) return { ok: false, status: 415, message: fileMessages.wrongType(field) };

  const storage = getStorage();
  const path = newDocumentPath(sessionId, type);
  let sizeBytes: number;
  try {
    ({ sizeBytes } = await storage.write(storageKeyOf(path)!, limited(stream, maxFileBytes())));
  } catch (error) {
    if (error instanceof FileTooLargeError) return { ok: false, status: 413, message: fileMessages.tooLarge(field, env.UPLOAD_MAX_FILE_MB) };
    throw error;
  }
  const name = cleanOriginalName(originalName);
  try {
    await db.storedFile.create({ data: { storageKey: path, kind: field.kind, originalName: name, mimeType: type.mimeType, sizeBytes } });
  } catch (error) {
    await storage.delete(storageKeyOf(path)!);
    throw error;
  }
  return { ok: true, path, mimeType: type.mimeType, sizeBytes, originalName: name };
}

/** Removes pending documents (e.g. of a form that failed for good). Claimed ones are untouched. */
export async function discardPendingDocuments(paths: string[]) {
  if (paths.length === 0) return;
  const rows = await db.storedFile.findMany({ where: { storageKey: { in: paths }, driverId: null }, select: { storageKey: true } });
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
  return new Map(rows.map((row) => [row.storageKey, { kind: row.kind as string, originalName: row.originalName, mimeType: row.mimeType }]));
}

// ---------------------------------------------------------------- the no-JS form

export type ReceivedForm =
  | {
      ok: true;
      /** The text fields, plus each accepted document's path under its field name. */
      formData: FormData;
      /** Documents stored by this request, by field. */
      stored: Partial<Record<DocumentFieldName, StoredDocument>>;
      /** Documents refused by this request (type or size), by field. */
      fileErrors: Partial<Record<DocumentFieldName, string>>;
    }
  | UploadFailure;

/** The field a file part belongs to: "vehiclePhoto" or, when replacing a kept file, "vehiclePhotoReplacement". */
function fieldOfPart(name: string) {
  return documentField(name.endsWith("Replacement") ? name.slice(0, -"Replacement".length) : name);
}

/**
 * Reads the application form's multipart body: text fields (small, capped) into memory, each
 * document streamed to storage as it arrives. Limits: UPLOAD_MAX_FILE_MB a document, four
 * documents and 1 MB of text a request.
 */
export async function receiveApplicationForm(request: Request, sessionId: string): Promise<ReceivedForm> {
  const requestLimit = maxFormRequestBytes();
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > requestLimit) return requestTooLarge(requestLimit);

  const stored: Partial<Record<DocumentFieldName, StoredDocument>> = {};
  const fileErrors: Partial<Record<DocumentFieldName, string>> = {};
  let total = 0;
  let parts = 0;
  const metered = async function* (data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > requestLimit) throw new RequestTooLargeError();
      yield chunk;
    }
  };

  const handler = async (part: UploadHandlerPart): Promise<string | null> => {
    if (++parts > MAX_PARTS) throw new RequestTooLargeError();
    const data = metered(part.data);
    if (typeof part.filename !== "string") {
      let text = "";
      const decoder = new TextDecoder();
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > MAX_TEXT_PART_BYTES) throw new RequestTooLargeError();
        text += decoder.decode(chunk, { stream: true });
      }
      return text + decoder.decode();
    }
    const field = fieldOfPart(part.name);
    // Unknown file parts, and file inputs left empty, are read past and ignored.
    if (!field || part.filename === "" || stored[field.name]) {
      await drain(data);
      return null;
    }
    const result = await storeDocument({ sessionId, field, originalName: part.filename, source: data });
    await drain(data);
    if (!result.ok) {
      fileErrors[field.name] = result.message;
      return null;
    }
    stored[field.name] = result;
    return null;
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await discardPendingDocuments(Object.values(stored).map((document) => document.path));
    if (error instanceof RequestTooLargeError) return requestTooLarge(requestLimit);
    if (error instanceof TypeError) return { ok: false, status: 400, message: "The form could not be read. Please try again." };
    throw error;
  }

  for (const field of DOCUMENT_FIELDS) {
    formData.delete(`${field.name}Replacement`);
    // A new file replaces a kept one; a refused new file replaces nothing (its error shows).
    const document = stored[field.name];
    if (document) formData.set(field.name, document.path);
  }
  return { ok: true, formData, stored, fileErrors };
}

function requestTooLarge(limit: number): UploadFailure {
  return { ok: false, status: 413, message: `The files are too large together (the limit is ${Math.round(limit / MB)} MB for one application).` };
}

// ---------------------------------------------------------------- chunked uploads

const CHUNK_NAME = /^(\d{1,4})-of-(\d{1,4})$/;
const chunkFolder = (sessionId: string, fileId: string) => `chunks/${sessionId}/${fileId}`;

type ChunkInfo = { key: string; index: number; total: number; sizeBytes: number };

async function listChunks(sessionId: string, fileId: string): Promise<ChunkInfo[]> {
  const objects = await getStorage().list(chunkFolder(sessionId, fileId));
  return objects.flatMap((object) => {
    const match = CHUNK_NAME.exec(object.key.split("/").pop()!);
    return match ? [{ key: object.key, index: Number(match[1]), total: Number(match[2]), sizeBytes: object.sizeBytes }] : [];
  });
}

export type ChunkReceived = { ok: true; chunkIndex: number; totalChunks: number; receivedChunks: number };

/**
 * POST /api/drivers/upload-chunk: one chunk (at most CHUNK_SIZE_BYTES) of a document, with its
 * index, the number of chunks, the client's fileId, fileName, fileType and field.
 */
export async function receiveChunk(request: Request, sessionId: string): Promise<ChunkReceived | UploadFailure> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > CHUNK_SIZE_BYTES + CHUNK_REQUEST_OVERHEAD) return chunkTooLarge();

  const storage = getStorage();
  const chunk = { key: null as string | null, sizeBytes: 0 };
  let parts = 0;
  const handler = async (part: UploadHandlerPart): Promise<string | null> => {
    if (++parts > 20) throw new RequestTooLargeError();
    if (part.name === "chunk" && chunk.key === null) {
      const key = `tmp/${randomBytes(16).toString("hex")}`;
      try {
        chunk.sizeBytes = (await storage.write(key, limited(part.data, CHUNK_SIZE_BYTES))).sizeBytes;
        chunk.key = key;
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new RequestTooLargeError();
        throw error;
      }
      return null;
    }
    let text = "";
    let size = 0;
    const decoder = new TextDecoder();
    for await (const bytes of part.data) {
      size += bytes.byteLength;
      if (size > MAX_TEXT_PART_BYTES) throw new RequestTooLargeError();
      text += decoder.decode(bytes, { stream: true });
    }
    return typeof part.filename === "string" ? null : text + decoder.decode();
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (chunk.key) await storage.delete(chunk.key);
    if (error instanceof RequestTooLargeError) return chunkTooLarge();
    if (error instanceof TypeError) return { ok: false, status: 400, message: "Send the chunk as multipart/form-data." };
    throw error;
  }

  const received = chunk.key;
  const chunkBytes = chunk.sizeBytes;
  const parsed = uploadChunkSchema(maxChunks()).safeParse(Object.fromEntries(formData));
  if (!parsed.success || !received) {
    if (received) await storage.delete(received);
    const message = !parsed.success ? parsed.error.issues[0]!.message : "chunk is required (the file part of the form)";
    return { ok: false, status: 400, message };
  }
  const { chunkIndex, totalChunks, fileId } = parsed.data;
  if (chunkBytes === 0) {
    await storage.delete(received);
    return { ok: false, status: 400, message: "The chunk is empty." };
  }

  const earlier = await listChunks(sessionId, fileId);
  if (earlier.some((chunk) => chunk.total !== totalChunks)) {
    await storage.delete(received);
    return { ok: false, status: 409, message: "totalChunks differs from the earlier chunks of this fileId." };
  }
  // A chunk sent again replaces the earlier copy.
  const existing = earlier.filter((chunk) => chunk.index !== chunkIndex);
  const sizeSoFar = existing.reduce((sum, chunk) => sum + chunk.sizeBytes, chunkBytes);
  if (sizeSoFar > maxFileBytes()) {
    await storage.delete(received);
    await storage.deleteFolder(chunkFolder(sessionId, fileId));
    return { ok: false, status: 413, message: `The file is too large (the limit is ${env.UPLOAD_MAX_FILE_MB} MB).` };
  }
  await storage.move(received, `${chunkFolder(sessionId, fileId)}/${chunkIndex}-of-${totalChunks}`);
  return { ok: true, chunkIndex, totalChunks, receivedChunks: existing.length + 1 };
}

function chunkTooLarge(): UploadFailure {
  return { ok: false, status: 413, message: `A chunk may be at most ${CHUNK_SIZE_BYTES / MB} MB.` };
}

/**
 * POST /api/drivers/assemble-chunks: joins a document's chunks in order into one stored file,
 * once every chunk is present, and checks it like any other upload.
 */
export async function assembleChunks(sessionId: string | null, body: unknown): Promise<StoredDocument | UploadFailure> {
  const parsed = assembleChunksSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  const { fileId, fileName, field: fieldName } = parsed.data;
  const field = documentField(fieldName)!;
  const chunks = sessionId ? await listChunks(sessionId, fileId) : [];
  if (!sessionId || chunks.length === 0) return { ok: false, status: 400, message: "No chunks were uploaded for this fileId." };

  const total = chunks[0]!.total;
  if (chunks.some((chunk) => chunk.total !== total)) return { ok: false, status: 409, message: "The chunks of this fileId disagree on totalChunks." };
  const present = new Set(chunks.map((chunk) => chunk.index));
  const missing = Array.from({ length: total }, (_, index) => index).filter((index) => !present.has(index));
  if (missing.length > 0) {
    const list = missing.slice(0, 10).map((index) => index + 1).join(", ");
    return { ok: false, status: 400, message: `Missing chunk${missing.length > 1 ? "s" : ""} ${list} of ${total}: upload every chunk before assembling.` };
  }

  const storage = getStorage();
  const ordered = [...chunks].sort((a, b) => a.index - b.index);
  async function* inOrder() {
    for (const chunk of ordered) {
      const object = await storage.read(chunk.key);
      if (!object) throw new Error(`Chunk ${chunk.key} vanished during assembly`);
      yield* object.stream as AsyncIterable<Uint8Array>;
    }
  }
  try {
    return await storeDocument({ sessionId, field, originalName: fileName, source: inOrder() });
  } finally {
    await storage.deleteFolder(chunkFolder(sessionId, fileId));
  }
}

// ---------------------------------------------------------------- clean-up

/**
 * Removes what an abandoned application leaves behind, older than 24 hours: chunks never
 * assembled, documents never claimed by an application, and temporary files.
 */
export async function cleanupStaleUploads(now = new Date()) {
  const cutoff = new Date(now.getTime() - STALE_UPLOAD_MS);
  const storage = getStorage();
  let removed = 0;

  // Chunks: a file's chunk folder goes when its newest chunk is stale.
  const newestByFolder = new Map<string, Date>();
  for (const object of await storage.list("chunks")) {
    const folder = object.key.split("/").slice(0, 3).join("/");
    const newest = newestByFolder.get(folder);
    if (!newest || object.modifiedAt > newest) newestByFolder.set(folder, object.modifiedAt);
  }
  for (const [folder, newest] of newestByFolder) {
    if (newest < cutoff) {
      await storage.deleteFolder(folder);
      removed++;
    }
  }

  for (const object of await storage.list("tmp")) {
    if (object.modifiedAt < cutoff) {
      await storage.delete(object.key);
      removed++;
    }
  }

  // Documents uploaded but never claimed by an application. (Files are only ever removed by
  // their database row, so a storage folder shared by two databases stays safe.)
  const pending = await db.storedFile.findMany({ where: { driverId: null, createdAt: { lt: cutoff } }, select: { id: true, storageKey: true } });
  for (const row of pending) {
    const key = storageKeyOf(row.storageKey);
    if (key) await storage.delete(key);
    await db.storedFile.deleteMany({ where: { id: row.id, driverId: null } });
    removed++;
  }

  if (storage instanceof LocalDiskStorage) await storage.removeStalePartials(cutoff);
  return { removed };
}

let lastCleanup = 0;

/** Runs the clean-up in the background at most once an hour per app instance. */
export function scheduleUploadCleanup() {
  const now = Date.now();
  if (now - lastCleanup < 60 * 60 * 1000) return;
  lastCleanup = now;
  cleanupStaleUploads().catch((error) => console.error("Upload clean-up failed:", error));
}

// ---------------------------------------------------------------- API helpers

/**
 * Chunk uploads and assemblies per client address. A full application needs at most a dozen
 * (four documents of up to two chunks, four assemblies); this allows several attempts while
 * bounding what one address can store (at most 120 × 5 MB in ten minutes, removed after 24 h).
 */
export const DRIVER_UPLOAD_RATE_LIMIT = { name: "driver-upload", limit: 120, windowSeconds: 10 * 60 };

/** A small JSON body (at most `maxBytes`), or null when it is missing, too large or not JSON. */
export async function readSmallJson(request: Request, maxBytes = 64 * 1024): Promise<{ ok: true; value: unknown } | UploadFailure> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return { ok: false, status: 413, message: "The request body is too large." };
  if (!request.body) return { ok: false, status: 400, message: "Send a JSON body." };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return { ok: false, status: 413, message: "The request body is too large." };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid JSON." };
  }
}
