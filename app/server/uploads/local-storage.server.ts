// Files in a private local folder (UPLOAD_DIR, default .data/uploads), outside public/: the
// default storage, for one machine or instances that share a folder.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type ByteRange, type FileStorage, isSafeKey, type StoredObject, UnsafeKeyError } from "./file-storage.server";

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

  async read(key: string, range?: ByteRange) {
    const object = await this.stat(key);
    if (!object) return null;
    if (!range) return { stream: createReadStream(this.pathOf(key)), sizeBytes: object.sizeBytes };
    return { stream: createReadStream(this.pathOf(key), range), sizeBytes: range.end - range.start + 1 };
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
    const base = prefix === "" ? this.root : this.pathOf(prefix);
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
      if (full.startsWith(path.join(this.root, ".partial") + path.sep)) continue; // not yet an object
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
