// The app's private file storage: the local folder (the default) or an S3-compatible bucket
// (STORAGE=s3), behind one interface (file-storage.server.ts), so the upload code never
// knows which. Neither is ever served directly, only through the access-checked document
// route (routes/uploads.$.ts).
import { env } from "~/server/platform/env.server";
import type { FileStorage } from "./file-storage.server";
import { LocalDiskStorage } from "./local-storage.server";
import { S3Storage, s3SettingsFrom } from "./s3-storage.server";

let storage: FileStorage | null = null;

/** The app's storage: the S3 bucket with STORAGE=s3, else the local folder UPLOAD_DIR. */
export function getStorage(): FileStorage {
  storage ??= env.STORAGE === "s3" ? new S3Storage(s3SettingsFrom(env)) : new LocalDiskStorage(env.UPLOAD_DIR);
  return storage;
}
