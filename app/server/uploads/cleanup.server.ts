// Removes what an abandoned application leaves behind: chunks never assembled, documents
// never claimed by an application, and temporary files, once they are 24 hours old. The job
// queue's schedule runs it every hour, once across all instances (server/background.server.ts).
import { db } from "~/server/platform/db.server";
import { storageKeyOf } from "./documents.server";
import { getStorage } from "./storage.server";

const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** One clean-up pass; gives how many chunk folders, temporary files and documents went. */
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
  const pending = await db.storedFile.findMany({
    where: { driverId: null, createdAt: { lt: cutoff } },
    select: { id: true, storageKey: true },
  });
  for (const row of pending) {
    const key = storageKeyOf(row.storageKey);
    if (key) await storage.delete(key);
    await db.storedFile.deleteMany({ where: { id: row.id, driverId: null } });
    removed++;
  }

  await storage.removeStalePartials(cutoff);
  return { removed };
}
