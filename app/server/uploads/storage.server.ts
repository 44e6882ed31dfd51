// Private file storage behind a small interface, so an S3-compatible store can replace the
// local disk later without touching the upload code. The local implementation keeps files
// under UPLOAD_DIR (default .data/uploads), outside public/: nothing in it is ever served
// directly, only through the access-checked document route (routes/uploads.$.ts).
//
// Keys are slash-separated names made by the server ("uploads/<random>.pdf",
// "chunks/<session>/<fileId>/<index>-<total>"); a key that could escape the root is refused.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { STORAGE_SEGMENT } from "~/domain/file-types";
import { env } from "~/server/platform/env.server";

export type StoredObject = { key: string; sizeBytes: number; modifiedAt: Date };

export interface FileStorage {
  /** Streams `data` into `key` (replacing it); the object appears only once complete. */
  write(key: string, data: AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }>;
  /** The object's bytes as a stream, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  stat(key: string): Promise<StoredObject | null>;
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` + "/". */
  deleteFolder(prefix: string): Promise<void>;
  /** Every object under `prefix` + "/", at any depth. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Bytes free for new objects, or null when the store does not say (no limit known). */
  freeBytes(): Promise<number | null>;
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

export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, guaranteed to be inside the root. */
  pathOf(key: string) {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
    const full = path.resolve(this.root, ...key.split("/"));
    if (!full.startsWith(this.root + path.sep)) throw new UnsafeKeyError(key);
    return full;
  }

  async write(key: string, data: AsyncIterable<Uint8Array>) {
    const target = this.pathOf(key);
    // Written beside the other in-progress files, then renamed into place in one step.
    const partial = path.join(this.root, ".partial", `${randomBytes(16).toString("hex")}.part`);
    await fs.mkdir(path.dirname(partial), { recursive: true });
    await fs.mkdir(path.dirname(target), { recursive: true });
    let sizeBytes = 0;
    const counted = async function* () {
      for await (const chunk of data) {
        sizeBytes += chunk.byteLength;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted()), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    return { sizeBytes };
  }

  async freeBytes() {
    try {
      const stats = await fs.statfs(this.root);
      return stats.bavail * stats.bsize;
    } catch {
      return null; // the folder is not there yet: the first write makes it
    }
  }

  async read(key: string) {
    const object = await this.stat(key);
    if (!object) return null;
    return { stream: createReadStream(this.pathOf(key)), sizeBytes: object.sizeBytes };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await fs.stat(this.pathOf(key));
      return info.isFile() ? { key, sizeBytes: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async move(from: string, to: string) {
    const target = this.pathOf(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.pathOf(from), target);
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deleteFolder(prefix: string) {
    await fs.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const base = this.pathOf(prefix);
    const entries = await fs
      .readdir(base, { recursive: true, withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
    const objects: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const info = await fs.stat(full).catch(() => null);
      if (!info) continue;
      objects.push({
        key: path.relative(this.root, full).split(path.sep).join("/"),
        sizeBytes: info.size,
        modifiedAt: info.mtime,
      });
    }
    return objects;
  }

  /** Removes in-progress files left behind by a crash, older than `before`. */
  async removeStalePartials(before: Date) {
    const dir = path.join(this.root, ".partial");
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const full = path.join(dir, name);
      const info = await fs.stat(full).catch(() => null);
      if (info && info.mtime < before) await fs.rm(full, { force: true });
    }
  }
}

let storage: FileStorage | null = null;

/** The app's storage (local disk under UPLOAD_DIR until another implementation is configured). */
export function getStorage(): FileStorage {
  storage ??= new LocalDiskStorage(env.UPLOAD_DIR);
  return storage;
}
