// Photos sent on the move day (proof of delivery, and the drawn signature): read from one
// multipart form, checked by their content (not their name), size-capped, turned upright and
// resized on the server to at most 1600 px with sharp, then kept privately in the document
// storage. Nothing here is ever public: the pages that show them check who is asking.
import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import sharp, { type OutputInfo } from "sharp";
import { PHOTO_MAX_MB } from "~/domain/delivery-proof";
import { detectFileType, isAccepted, MAGIC_BYTES_LENGTH } from "~/domain/file-types";
import { countOf } from "~/domain/plural";
import { MAX_PHOTO_BYTES, MB } from "~/server/platform/body-limits.server";
import { isMalformedMultipart } from "~/server/platform/form-body.server";
import type { UploadFailure } from "./documents.server";
import { diskHasRoomFor, UPLOAD_MESSAGES } from "./quota.server";
import { getStorage } from "./storage.server";
import { drain, FileTooLargeError, limited, peek, readTextPart, RequestTooLargeError } from "./streams.server";

/** The longest side of a stored photo, in pixels. */
const PHOTO_MAX_SIDE = 1600;
/** A drawn signature is small: a line on a white pad. */
const SIGNATURE_MAX_SIDE = 800;
const MAX_PARTS = 40;

const PHOTO_MESSAGES = {
  wrongType: "Each photo must be a JPEG, PNG or WebP image.",
  tooLarge: (megabytes: number) => `Each photo must be at most ${megabytes} MB.`,
  unreadable: "That photo could not be read. Please take it again, or send a JPEG.",
  tooMany: (count: number) => `Send at most ${countOf(count, "photo")}.`,
  signature: "The signature could not be read. Please sign again.",
  formTooLarge: (megabytes: number) => `The photos are too large together (the limit is ${megabytes} MB).`,
} as const;

export type StoredPhoto = { key: string; mimeType: string; sizeBytes: number; width: number; height: number };

export type PhotoForm =
  | {
      ok: true;
      formData: FormData;
      photos: StoredPhoto[];
      signature: StoredPhoto | null;
      /** One more photo of its own field (a claim's proof of value), when asked for. */
      attachment: StoredPhoto | null;
      /** Why a photo (or the signature) was refused, for the form's photo field. */
      photoErrors: string[];
      /** Why the attachment was refused, for its own field. */
      attachmentErrors: string[];
    }
  | UploadFailure;

/**
 * Reads a form whose file parts are photos (`photoField`, at most `maxPhotos`) and an optional
 * drawn signature (`signatureField`, a PNG the page's JavaScript makes), in at most
 * `requestLimit` bytes. Text fields come back in formData as usual. Files are stored under `folder`/; a caller that then refuses the form
 * deletes them with deletePhotos.
 */
export async function receivePhotoForm(
  request: Request,
  {
    folder,
    photoField,
    signatureField,
    attachmentField,
    maxPhotos,
    requestLimit,
  }: {
    folder: string;
    photoField: string;
    signatureField?: string;
    attachmentField?: string;
    maxPhotos: number;
    requestLimit: number;
  },
): Promise<PhotoForm> {
  if (Number(request.headers.get("Content-Length") ?? "0") > requestLimit) return formTooLarge(requestLimit);
  if (!(await diskHasRoomFor(requestLimit))) return { ok: false, status: 507, message: UPLOAD_MESSAGES.diskFull };

  const photos: StoredPhoto[] = [];
  let signature: StoredPhoto | null = null;
  let attachment: StoredPhoto | null = null;
  const photoErrors = new Set<string>();
  const attachmentErrors = new Set<string>();
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
    if (typeof part.filename !== "string") return readTextPart(data);
    const isPhoto = part.name === photoField;
    const isSignature = signatureField !== undefined && part.name === signatureField && !signature;
    const isAttachment = attachmentField !== undefined && part.name === attachmentField && !attachment;
    // Unknown file parts and empty file inputs are read past.
    if ((!isPhoto && !isSignature && !isAttachment) || part.filename === "") {
      await drain(data);
      return null;
    }
    if (isPhoto && photos.length >= maxPhotos) {
      photoErrors.add(PHOTO_MESSAGES.tooMany(maxPhotos));
      await drain(data);
      return null;
    }
    const stored = await storePhoto(data, folder, isSignature ? SIGNATURE_MAX_SIDE : PHOTO_MAX_SIDE);
    await drain(data);
    if (!stored.ok) {
      if (isAttachment) attachmentErrors.add(stored.message);
      else photoErrors.add(isSignature ? PHOTO_MESSAGES.signature : stored.message);
      return null;
    }
    if (isSignature) signature = stored.photo;
    else if (isAttachment) attachment = stored.photo;
    else photos.push(stored.photo);
    return null;
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await deletePhotos(
      [...photos, ...(signature ? [signature] : []), ...(attachment ? [attachment] : [])].map((photo) => photo.key),
    );
    if (error instanceof RequestTooLargeError) return formTooLarge(requestLimit);
    if (isMalformedMultipart(error))
      return { ok: false, status: 400, message: "The form could not be read. Please try again." };
    throw error;
  }
  return {
    ok: true,
    formData,
    photos,
    signature,
    attachment,
    photoErrors: [...photoErrors],
    attachmentErrors: [...attachmentErrors],
  };
}

/**
 * One photo: its type from its first bytes, at most PHOTO_MAX_MB, decoded by sharp
 * (which refuses what is not really an image), turned by its EXIF orientation, shrunk to fit
 * maxSide and stored as a JPEG (a PNG for a signature, whose line must stay sharp).
 */
async function storePhoto(
  source: AsyncIterable<Uint8Array>,
  folder: string,
  maxSide: number,
): Promise<{ ok: true; photo: StoredPhoto } | { ok: false; message: string }> {
  const { head, stream } = await peek(source, MAGIC_BYTES_LENGTH);
  const type = detectFileType(head);
  if (!type || !isAccepted(type, "image")) return { ok: false, message: PHOTO_MESSAGES.wrongType };
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of limited(stream, MAX_PHOTO_BYTES)) chunks.push(chunk);
  } catch (error) {
    if (error instanceof FileTooLargeError) return { ok: false, message: PHOTO_MESSAGES.tooLarge(PHOTO_MAX_MB) };
    throw error;
  }
  const asPng = maxSide === SIGNATURE_MAX_SIDE;
  let output: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(Buffer.concat(chunks), { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
    output = await (asPng ? image.flatten({ background: "#ffffff" }).png() : image.jpeg({ quality: 82 })).toBuffer({
      resolveWithObject: true,
    });
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
  const extension = asPng ? "png" : "jpg";
  const key = `${folder}/${randomBytes(16).toString("hex")}.${extension}`;
  const { sizeBytes } = await getStorage().write(key, oneChunk(output.data));
  return {
    ok: true,
    photo: {
      key,
      mimeType: asPng ? "image/png" : "image/jpeg",
      sizeBytes,
      width: output.info.width,
      height: output.info.height,
    },
  };
}

async function* oneChunk(bytes: Uint8Array) {
  yield bytes;
}

/** Removes stored photos (of a form that was refused, or of a proof replaced). */
export async function deletePhotos(keys: string[]) {
  await Promise.all(keys.map((key) => getStorage().delete(key)));
}

/** A stored photo's bytes, streamed. */
export async function readPhoto(key: string) {
  return getStorage().read(key);
}

function formTooLarge(limit: number): UploadFailure {
  return { ok: false, status: 413, message: PHOTO_MESSAGES.formTooLarge(Math.round(limit / MB)) };
}
