// What a file really is, read from its first bytes (its "magic bytes"), never from its name
// or the type a browser declares. Driver documents may be a PDF or an image; the vehicle
// photo must be an image. Pure: no I/O, used by the upload server code.

type FileFamily = "pdf" | "image";

export type DetectedFileType = {
  mimeType: string;
  /** The extension stored names get (never the client's). */
  extension: string;
  family: FileFamily;
};

/** What a document field accepts: "document" (PDF or image) or "image" only. */
export type Acceptance = "document" | "image";

/** Bytes needed to tell every accepted type apart (WebP and HEIC need twelve). */
export const MAGIC_BYTES_LENGTH = 12;

/** Chunk size 5 MB, 4 parallel chunk uploads. */
export const CHUNK_SIZE_BYTES = 5 * 1024 * 1024;
export const PARALLEL_CHUNK_UPLOADS = 4;

export const PDF: DetectedFileType = { mimeType: "application/pdf", extension: "pdf", family: "pdf" };
export const JPEG: DetectedFileType = { mimeType: "image/jpeg", extension: "jpg", family: "image" };
export const PNG: DetectedFileType = { mimeType: "image/png", extension: "png", family: "image" };
export const WEBP: DetectedFileType = { mimeType: "image/webp", extension: "webp", family: "image" };
export const HEIC: DetectedFileType = { mimeType: "image/heic", extension: "heic", family: "image" };
export const HEIF: DetectedFileType = { mimeType: "image/heif", extension: "heif", family: "image" };

const STORED_TYPES = [PDF, JPEG, PNG, WEBP, HEIC, HEIF] as const;

// ISO-BMFF major brands of HEIC/HEIF still images and sequences (bytes 8 to 11).
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  if (bytes.length < to) return "";
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The type of a file from its first bytes (at least MAGIC_BYTES_LENGTH when available), or null. */
export function detectFileType(head: Uint8Array): DetectedFileType | null {
  if (ascii(head, 0, 5) === "%PDF-") return PDF;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return WEBP;
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (HEIC_BRANDS.has(brand)) return HEIC;
    if (HEIF_BRANDS.has(brand)) return HEIF;
  }
  return null;
}

export function isAccepted(type: DetectedFileType, acceptance: Acceptance) {
  return acceptance === "document" ? true : type.family === "image";
}

/** The `accept` attribute for a file input (a hint to the browser only; the server decides). */
export function acceptAttribute(acceptance: Acceptance) {
  const images = "image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif";
  return acceptance === "document" ? `application/pdf,.pdf,${images}` : images;
}

/** The mime type stored for an extension we gave a file (for serving it back). */
export function typeForExtension(extension: string): DetectedFileType | null {
  return STORED_TYPES.find((type) => type.extension === extension) ?? null;
}

/**
 * One segment of a storage key (a folder or file name): no path tricks, no leading "-" or
 * "." (an option to a tool, a hidden file). Every id that becomes part of a key, such as a
 * chunked upload's fileId, is held to this rule by its schema.
 */
export const STORAGE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
