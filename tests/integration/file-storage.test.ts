// The FileStorage contract, on both implementations: the local folder and an S3 bucket (a
// local s3rver reached with the AWS SDK). Plus what only S3 has: multipart uploads, server-side
// encryption asked for on every write, no ACL ever set, and a prefix that keeps sites apart.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnsafeKeyError, type FileStorage } from "~/server/uploads/file-storage.server";
import { LocalDiskStorage } from "~/server/uploads/local-storage.server";
import { S3Storage, s3ClientFor, s3SettingsFrom, type S3Settings } from "~/server/uploads/s3-storage.server";
import { startS3Server, type LocalS3Server } from "../support/s3-server";

const execFileAsync = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-file-storage-"));
let s3: LocalS3Server;
let settings: S3Settings;
/** Every S3 request the app's client sent: its operation and headers. */
const sent: { operation: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  s3 = await startS3Server(path.join(root, "s3"));
  settings = s3SettingsFrom({ ...s3.env, S3_PREFIX: "contract" });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function s3Storage(prefix = "contract") {
  const client = await s3ClientFor({ ...settings, prefix });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers: Record<string, string> };
      sent.push({ operation: String(context.commandName), headers: { ...request.headers } });
      return next(args);
    },
    { step: "finalizeRequest", name: "recordRequests" },
  );
  return new S3Storage({ ...settings, prefix }, client);
}

const bytes = (size: number, seed = 7) => {
  const data = Buffer.alloc(size);
  for (let index = 0; index < size; index++) data[index] = (index * 31 + seed) & 0xff;
  return data;
};
/** `data` as a stream of 64 KB pieces, as a request body arrives. */
async function* pieces(data: Buffer) {
  for (let start = 0; start < data.length; start += 65536) yield new Uint8Array(data.subarray(start, start + 65536));
}
const readAll = async (storage: FileStorage, key: string, range?: { start: number; end: number }) => {
  const object = await storage.read(key, range);
  return object ? Buffer.concat(await object.stream.toArray()) : null;
};

describe.each([
  ["the local folder", () => new LocalDiskStorage(path.join(root, "local"))],
  ["an S3 bucket", () => s3Storage()],
] as const)("FileStorage on %s", (_name, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it("writes a stream, reads it whole and by byte range, and states its size", async () => {
    const data = bytes(300_000);
    expect(await storage.write("uploads/a.pdf", pieces(data))).toEqual({ sizeBytes: data.length });
    expect((await readAll(storage, "uploads/a.pdf"))!.equals(data)).toBe(true);
    expect(
      (await readAll(storage, "uploads/a.pdf", { start: 1000, end: 1999 }))!.equals(data.subarray(1000, 2000)),
    ).toBe(true);
    expect((await storage.read("uploads/a.pdf", { start: 10, end: 19 }))!.sizeBytes).toBe(10);
    expect(await storage.stat("uploads/a.pdf")).toMatchObject({ key: "uploads/a.pdf", sizeBytes: data.length });
    expect(await storage.stat("uploads/none.pdf")).toBeNull();
    expect(await storage.read("uploads/none.pdf")).toBeNull();
  });

  it("moves, lists by folder (and everything), deletes one and a folder", async () => {
    await storage.write("chunks/s1/f1/0-of-2", pieces(bytes(10)));
    await storage.write("chunks/s1/f1/1-of-2", pieces(bytes(20)));
    await storage.write("chunks/s2/f9/0-of-1", pieces(bytes(5)));
    await storage.write("tmp/t1", pieces(bytes(3)));
    await storage.move("tmp/t1", "chunks/s1/f2/0-of-1");
    expect(await storage.stat("tmp/t1")).toBeNull();
    expect((await storage.list("chunks/s1")).map((object) => object.key).sort()).toEqual([
      "chunks/s1/f1/0-of-2",
      "chunks/s1/f1/1-of-2",
      "chunks/s1/f2/0-of-1",
    ]);
    expect((await storage.list("")).map((object) => object.key)).toContain("chunks/s2/f9/0-of-1");
    // "chunks/s1" is a folder, not a name prefix: "chunks/s10" is not in it.
    await storage.write("chunks/s10/f1/0-of-1", pieces(bytes(1)));
    await storage.deleteFolder("chunks/s1");
    expect(await storage.list("chunks/s1")).toEqual([]);
    expect((await storage.list("chunks")).map((object) => object.key).sort()).toEqual([
      "chunks/s10/f1/0-of-1",
      "chunks/s2/f9/0-of-1",
    ]);
    await storage.delete("chunks/s2/f9/0-of-1");
    await storage.delete("chunks/s2/f9/0-of-1"); // deleting what is gone is not an error
    expect(await storage.stat("chunks/s2/f9/0-of-1")).toBeNull();
  });

  it("refuses keys that could escape its root, before any request", async () => {
    for (const key of ["../evil", "uploads/../../evil", "/etc/passwd", "uploads/a\\..\\b", "uploads//x"]) {
      await expect(storage.stat(key)).rejects.toThrow(UnsafeKeyError);
      await expect(storage.write(key, pieces(bytes(1)))).rejects.toThrow(UnsafeKeyError);
      await expect(storage.list(key)).rejects.toThrow(UnsafeKeyError);
    }
  });

  it("a write that fails part way leaves no object behind", async () => {
    async function* broken() {
      yield new Uint8Array(bytes(100_000));
      throw new Error("client went away");
    }
    await expect(storage.write("uploads/broken.pdf", broken())).rejects.toThrow("client went away");
    expect(await storage.stat("uploads/broken.pdf")).toBeNull();
    await storage.removeStalePartials(new Date(Date.now() + 1000));
  });
});

describe("S3 storage only", () => {
  it("sends a large file as a multipart upload, each write asking for server-side encryption, and no ACL", async () => {
    const storage = await s3Storage();
    sent.length = 0;
    const data = bytes(20 * 1024 * 1024, 3);
    await storage.write("uploads/large.pdf", pieces(data));
    const operations = sent.map((request) => request.operation);
    expect(operations).toContain("CreateMultipartUploadCommand");
    expect(operations.filter((operation) => operation === "UploadPartCommand").length).toBe(3); // 8 + 8 + 4 MB
    expect(operations).toContain("CompleteMultipartUploadCommand");
    expect(sent.find((request) => request.operation === "CreateMultipartUploadCommand")!.headers).toMatchObject({
      "x-amz-server-side-encryption": "AES256",
    });
    expect((await readAll(storage, "uploads/large.pdf"))!.equals(data)).toBe(true);

    sent.length = 0;
    await storage.write("uploads/small.pdf", pieces(bytes(1000)));
    await storage.move("uploads/small.pdf", "uploads/moved.pdf");
    const writes = sent.filter((request) => ["PutObjectCommand", "CopyObjectCommand"].includes(request.operation));
    expect(writes.map((request) => request.operation)).toEqual(["PutObjectCommand", "CopyObjectCommand"]);
    for (const write of writes) expect(write.headers["x-amz-server-side-encryption"]).toBe("AES256");
    // Nothing is ever made public: no request of ours carries an ACL.
    expect(
      sent.some((request) => Object.keys(request.headers).some((name) => name.toLowerCase() === "x-amz-acl")),
    ).toBe(false);
  });

  it("keeps each prefix's objects apart in one bucket", async () => {
    const first = await s3Storage("site-one");
    const second = await s3Storage("site-two");
    await first.write("uploads/same.pdf", pieces(bytes(10, 1)));
    await second.write("uploads/same.pdf", pieces(bytes(10, 2)));
    expect((await readAll(first, "uploads/same.pdf"))!.equals(bytes(10, 1))).toBe(true);
    expect((await second.list("")).map((object) => object.key)).toEqual(["uploads/same.pdf"]);
  });
});

describe("npm run storage:copy-to-s3", () => {
  it("copies an upload folder into the bucket, byte for byte, and a second run copies nothing", async () => {
    const folder = path.join(root, "to-copy");
    const local = new LocalDiskStorage(folder);
    await local.write("uploads-demo.pdf", pieces(bytes(5000, 5)));
    await local.write("demo/licence.pdf", pieces(bytes(70_000, 6)));
    await local.write("proofs/b1/photo.jpg", pieces(bytes(1234, 8)));
    const run = () =>
      execFileAsync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/copy-uploads-to-s3.ts", folder], {
        env: { ...process.env, ...s3.env, S3_PREFIX: "copied" },
      });
    const first = await run();
    expect(first.stdout).toContain("Done: 3 copied");
    const bucket = await s3Storage("copied");
    expect((await bucket.list("")).map((object) => object.key).sort()).toEqual([
      "demo/licence.pdf",
      "proofs/b1/photo.jpg",
      "uploads-demo.pdf",
    ]);
    expect((await readAll(bucket, "demo/licence.pdf"))!.equals(bytes(70_000, 6))).toBe(true);
    expect((await run()).stdout).toContain("Done: 0 copied (0.0 MB), 3 already there.");
  }, 60_000);
});
