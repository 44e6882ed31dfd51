// What every file store offers (storage.server.ts picks one), and the rule for its keys.
//
// Keys are slash-separated names made by the server ("uploads/<random>.pdf",
// "chunks/<session>/<fileId>/<index>-<total>"); a key that could escape the root is refused.
import type { Readable } from "node:stream";
import { STORAGE_SEGMENT } from "~/domain/file-types";

export type StoredObject = { key: string; sizeBytes: number; modifiedAt: Date };
/** Inclusive byte positions, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  /** Streams `data` into `key` (replacing it); the object appears only once complete. */
  write(key: string, data: AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }>;
  /** The object's bytes (or the range's) as a stream, or null when there is none. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; sizeBytes: number } | null>;
  stat(key: string): Promise<StoredObject | null>;
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` + "/". */
  deleteFolder(prefix: string): Promise<void>;
  /** Every object under `prefix` + "/", at any depth ("" lists every object). */
  list(prefix: string): Promise<StoredObject[]>;
  /** Bytes free for new objects, or null when the store does not say (no limit known). */
  freeBytes(): Promise<number | null>;
  /** Removes what writes stopped by a crash left behind, older than `before`. */
  removeStalePartials(before: Date): Promise<void>;
}

/** True for keys made of safe segments: no "..", no absolute paths, no backslashes. */
export function isSafeKey(key: string) {
  const segments = key.split("/");
  return (
    segments.length > 0 &&
    segments.length <= 8 &&
    segments.every((segment) => STORAGE_SEGMENT.test(segment) && !segment.includes(".."))
  );
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`Refused storage key ${JSON.stringify(key.slice(0, 80))}`);
  }
}
