// The chunked upload API: a document arrives in chunks of at most
// CHUNK_SIZE_BYTES, kept under chunks/<session>/<fileId>/ (so one browser cannot add to or
// assemble another's chunks), then is assembled in order into one stored document.
import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { CHUNK_SIZE_BYTES } from "~/domain/file-types";
import { pluralWord } from "~/domain/plural";
import { assembleChunksSchema, documentField, uploadChunkSchema } from "~/schemas/driver-application";
import { MAX_CHUNK_REQUEST_BYTES } from "~/server/platform/body-limits.server";
import { env } from "~/server/platform/env.server";
import { isMalformedMultipart } from "~/server/platform/form-body.server";
import { maxFileBytes, MB, storeDocument, type StoredDocument, type UploadFailure } from "./documents.server";
import { chargeUploadQuota, diskHasRoomFor, UPLOAD_MESSAGES } from "./quota.server";
import { getStorage } from "./storage.server";
import { FileTooLargeError, limited, readTextPart, RequestTooLargeError } from "./streams.server";

/**
 * Chunk uploads and assemblies per client address. A full application needs at most a dozen
 * (four documents of up to two chunks, four assemblies); this allows several attempts while
 * bounding what one address can store (at most 120 × 5 MB in ten minutes, removed after 24 h).
 */
export const DRIVER_UPLOAD_RATE_LIMIT = { name: "driver-upload", limit: 120, windowSeconds: 10 * 60 };

/** The most chunks one document may have. */
function maxChunks() {
  return Math.max(1, Math.ceil(maxFileBytes() / CHUNK_SIZE_BYTES));
}

const MAX_PARTS = 20;

const CHUNK_NAME = /^(\d{1,4})-of-(\d{1,4})$/;
const chunkFolder = (sessionId: string, fileId: string) => `chunks/${sessionId}/${fileId}`;

type ChunkInfo = { key: string; index: number; total: number; sizeBytes: number };

async function listChunks(sessionId: string, fileId: string): Promise<ChunkInfo[]> {
  const objects = await getStorage().list(chunkFolder(sessionId, fileId));
  return objects.flatMap((object) => {
    const match = CHUNK_NAME.exec(object.key.split("/").pop()!);
    return match
      ? [{ key: object.key, index: Number(match[1]), total: Number(match[2]), sizeBytes: object.sizeBytes }]
      : [];
  });
}

export type ChunkReceived = { ok: true; chunkIndex: number; totalChunks: number; receivedChunks: number };

/**
 * POST /api/drivers/upload-chunk: one chunk (at most CHUNK_SIZE_BYTES) of a document, with its
 * index, the number of chunks, the client's fileId, fileName, fileType and field.
 */
export async function receiveChunk(request: Request, sessionId: string): Promise<ChunkReceived | UploadFailure> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_CHUNK_REQUEST_BYTES) return chunkTooLarge();
  if (!(await diskHasRoomFor(MAX_CHUNK_REQUEST_BYTES)))
    return { ok: false, status: 507, message: UPLOAD_MESSAGES.diskFull };

  const storage = getStorage();
  const chunk = { key: null as string | null, sizeBytes: 0 };
  let parts = 0;
  const handler = async (part: UploadHandlerPart): Promise<string | null> => {
    if (++parts > MAX_PARTS) throw new RequestTooLargeError();
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
    const text = await readTextPart(part.data);
    return typeof part.filename === "string" ? null : text;
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (chunk.key) await storage.delete(chunk.key);
    if (error instanceof RequestTooLargeError) return chunkTooLarge();
    if (isMalformedMultipart(error))
      return { ok: false, status: 400, message: "Send the chunk as multipart/form-data." };
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
  if (!(await chargeUploadQuota(sessionId, chunkBytes))) {
    await storage.delete(received);
    return { ok: false, status: 413, message: UPLOAD_MESSAGES.quota };
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
  if (!sessionId || chunks.length === 0)
    return { ok: false, status: 400, message: "No chunks were uploaded for this fileId." };

  const total = chunks[0]!.total;
  if (chunks.some((chunk) => chunk.total !== total))
    return { ok: false, status: 409, message: "The chunks of this fileId disagree on totalChunks." };
  const present = new Set(chunks.map((chunk) => chunk.index));
  const missing = Array.from({ length: total }, (_, index) => index).filter((index) => !present.has(index));
  if (missing.length > 0) {
    const list = missing
      .slice(0, 10)
      .map((index) => index + 1)
      .join(", ");
    return {
      ok: false,
      status: 400,
      message: `Missing ${pluralWord(missing.length, "chunk")} ${list} of ${total}: upload every chunk before assembling.`,
    };
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
  const source = inOrder();
  try {
    return await storeDocument({ sessionId, field, originalName: fileName, source, chargeQuota: false });
  } finally {
    // A refusal (the wrong type, too large) stops reading part-way: ending the generator
    // closes the chunk file it was reading, which would otherwise stay open.
    await source.return(undefined);
    await storage.deleteFolder(chunkFolder(sessionId, fileId));
  }
}
