// The chunked upload API, the content checks, private storage and the document route, on
// whichever storage the importing test file configured: uploads.test.ts (the local folder)
// and uploads-s3.test.ts (an S3 bucket on a local S3 server). Every check runs on both.
import fs from "node:fs";
import { Readable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";

const { action: uploadChunk } = await import("~/routes/api+/drivers.upload-chunk");
const { action: assemble } = await import("~/routes/api+/drivers.assemble-chunks");
const { loader: documentLoader } = await import("~/routes/uploads.$");
const { db } = await import("~/server/platform/db.server");
const { startUserSession } = await import("~/server/auth/auth.server");
const { DRIVER_UPLOAD_RATE_LIMIT } = await import("~/server/uploads/chunks.server");
const { cleanupStaleUploads } = await import("~/server/uploads/cleanup.server");
const { ensureUploadSession, pathBelongsToSession } = await import("~/server/uploads/documents.server");
const { getStorage } = await import("~/server/uploads/storage.server");
const { UnsafeKeyError } = await import("~/server/uploads/file-storage.server");
const { storageKeyOf } = await import("~/server/uploads/documents.server");
const { CHUNK_SIZE_BYTES } = await import("~/domain/file-types");
const { UPLOAD_PATH } = await import("~/schemas/driver-application");
const { createApprovedDriver, createUser } = await import("./factories");

const STORAGE = process.env.STORAGE === "s3" ? "s3" : "local";
// Client addresses of this storage's run alone: the two files run at once on one database,
// which holds the rate limits.
const NET = STORAGE === "s3" ? 10 : 198;
const PDF = new Uint8Array(fs.readFileSync("tests/fixtures/document.pdf"));
const JPEG = new Uint8Array(fs.readFileSync("tests/fixtures/van-photo.jpg"));
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(200).fill(0x90)]);
const MB = 1024 * 1024;

let ipCounter = 0;
let ip = "";
beforeEach(() => {
  ip = `${NET}.51.100.${++ipCounter}`;
});

/** A valid JPEG of about `size` bytes: the fixture with a large comment segment run after its start. */
function bigJpeg(size: number) {
  const segments: Uint8Array[] = [JPEG.subarray(0, 2)];
  let total = JPEG.length;
  while (total < size) {
    const length = Math.min(65533, size - total);
    const segment = new Uint8Array(length + 4);
    segment.set([0xff, 0xfe, ((length + 2) >> 8) & 0xff, (length + 2) & 0xff]);
    segment.fill(0x41, 4);
    segments.push(segment);
    total += segment.length;
  }
  segments.push(JPEG.subarray(2));
  return new Uint8Array(Buffer.concat(segments));
}

async function newSession() {
  const session = await ensureUploadSession(new Request("http://localhost/driver-registration"));
  return { id: session.id, cookie: session.setCookie!.split(";")[0]! };
}

function chunkRequest(cookie: string | null, fields: Record<string, string>, chunk?: Uint8Array) {
  const form = new FormData();
  if (chunk) form.append("chunk", new Blob([new Uint8Array(chunk)]), "blob");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers = new Headers({ "X-Forwarded-For": ip });
  if (cookie) headers.set("Cookie", cookie);
  return new Request("http://localhost/api/drivers/upload-chunk", { method: "POST", body: form, headers });
}

/** The route's answer, returned or thrown (as Remix takes either). */
async function answer(handling: Promise<Response>) {
  return handling.catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
}

async function sendChunk(cookie: string | null, fields: Record<string, string>, chunk?: Uint8Array) {
  const response = await answer(
    uploadChunk({ request: chunkRequest(cookie, fields, chunk), params: {}, context: { clientAddress: ip } }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookie: response.headers.get("Set-Cookie"),
  };
}

async function assembleFile(cookie: string | null, body: unknown) {
  const headers = new Headers({ "Content-Type": "application/json", "X-Forwarded-For": ip });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request("http://localhost/api/drivers/assemble-chunks", {
    method: "POST",
    body: JSON.stringify(body),
    headers,
  });
  const response = await answer(assemble({ request, params: {}, context: { clientAddress: ip } }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let fileCounter = 0;
const newFileId = () => `test${Date.now()}${fileCounter++}`.padEnd(16, "0");

/** Uploads `bytes` by chunks as the browser does, then assembles them. */
async function upload(
  cookie: string,
  bytes: Uint8Array,
  {
    field = "licenseDocument",
    fileName = "file.pdf",
    fileType = "application/pdf",
    order = "forward" as "forward" | "reverse",
  } = {},
) {
  const fileId = newFileId();
  const totalChunks = Math.max(1, Math.ceil(bytes.length / CHUNK_SIZE_BYTES));
  const indices = Array.from({ length: totalChunks }, (_, index) => index);
  if (order === "reverse") indices.reverse();
  for (const chunkIndex of indices) {
    const chunk = bytes.subarray(chunkIndex * CHUNK_SIZE_BYTES, (chunkIndex + 1) * CHUNK_SIZE_BYTES);
    const sent = await sendChunk(
      cookie,
      { chunkIndex: String(chunkIndex), totalChunks: String(totalChunks), fileId, fileName, fileType, field },
      chunk,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  return assembleFile(cookie, { fileId, fileName, field });
}

/** The keys of every stored object under `folder` ("" for all). */
async function storedFiles(folder = "") {
  return (await getStorage().list(folder)).map((object) => object.key).sort();
}

/** Every object in private storage, to prove a refused request wrote nothing. */
const allFiles = () => storedFiles();

/** A stored document's bytes ("uploads/<name>" is stored as "<name>"), or null. */
async function storedBytes(documentPath: string) {
  const object = await getStorage().read(storageKeyOf(documentPath)!);
  if (!object) return null;
  return Buffer.concat(await object.stream.toArray());
}

const isStored = async (documentPath: string) => (await getStorage().stat(storageKeyOf(documentPath)!)) !== null;

async function pendingRows() {
  return db.storedFile.count({ where: { driverId: null } });
}

describe("chunked uploads", () => {
  it("store a real PDF under a random private name and answer its uploads/ path", async () => {
    const session = await newSession();
    const { status, body } = await upload(session.cookie, PDF, { fileName: "My Licence.pdf" });
    expect(status).toBe(200);
    const filePath = body.filePath as string;
    expect(filePath).toMatch(UPLOAD_PATH);
    expect(filePath).not.toContain("Licence");
    expect(pathBelongsToSession(filePath, session.id)).toBe(true);
    expect(pathBelongsToSession(filePath, (await newSession()).id)).toBe(false);
    // In private storage, byte for byte; recorded as a pending document.
    expect((await storedBytes(filePath))?.equals(Buffer.from(PDF))).toBe(true);
    const row = await db.storedFile.findUniqueOrThrow({ where: { storageKey: filePath } });
    expect(row).toMatchObject({
      kind: "license",
      mimeType: "application/pdf",
      originalName: "My Licence.pdf",
      sizeBytes: PDF.length,
      driverId: null,
    });
    // The chunks are gone once assembled.
    expect(await storedFiles(`chunks/${session.id}`)).toEqual([]);
    expect(await storedFiles("tmp")).toEqual([]);
  });

  it("assemble several chunks in index order, whatever order they arrived in", async () => {
    const session = await newSession();
    const bytes = bigJpeg(6.5 * MB);
    const { status, body } = await upload(session.cookie, bytes, {
      field: "vehiclePhoto",
      fileName: "van.jpg",
      fileType: "image/jpeg",
      order: "reverse",
    });
    expect(status).toBe(200);
    expect(body.filePath).toMatch(/\.jpg$/);
    const stored = (await storedBytes(body.filePath as string))!;
    expect(stored.length).toBe(bytes.length);
    expect(stored.equals(Buffer.from(bytes))).toBe(true);
  });

  it("set the upload session cookie when a client has none", async () => {
    const sent = await sendChunk(
      null,
      {
        chunkIndex: "0",
        totalChunks: "1",
        fileId: newFileId(),
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    expect(sent.status).toBe(200);
    expect(sent.setCookie).toMatch(/^__uploads=.+HttpOnly/i);
    expect(sent.setCookie).toMatch(/SameSite=Lax/i);
  });
});

describe("uploads are refused with a clear 4xx and nothing is kept", () => {
  it("a PDF renamed .jpg as the vehicle photo (415)", async () => {
    const session = await newSession();
    const before = { files: await allFiles(), rows: await pendingRows() };
    const { status, body } = await upload(session.cookie, PDF, {
      field: "vehiclePhoto",
      fileName: "van.jpg",
      fileType: "image/jpeg",
    });
    expect(status).toBe(415);
    expect(body.error).toBe("Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)");
    expect(await allFiles()).toEqual(before.files);
    expect(await pendingRows()).toBe(before.rows);
  });

  it("an executable renamed .pdf (415)", async () => {
    const session = await newSession();
    const before = { files: await allFiles(), rows: await pendingRows() };
    const { status, body } = await upload(session.cookie, ELF, {
      field: "licenseDocument",
      fileName: "licence.pdf",
      fileType: "application/pdf",
    });
    expect(status).toBe(415);
    expect(body.error).toBe("Driver's licence must be a PDF or an image (JPEG, PNG, WebP or HEIC)");
    expect(await allFiles()).toEqual(before.files);
    expect(await pendingRows()).toBe(before.rows);
  });

  it("a chunk over 5 MB (413)", async () => {
    const session = await newSession();
    const before = await allFiles();
    const tooBig = bigJpeg(CHUNK_SIZE_BYTES + 1024);
    const sent = await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "2",
        fileId: newFileId(),
        fileName: "van.jpg",
        fileType: "image/jpeg",
        field: "vehiclePhoto",
      },
      tooBig,
    );
    expect(sent.status).toBe(413);
    expect(sent.body.error).toBe("A chunk may be at most 5 MB.");
    expect(await allFiles()).toEqual(before);
  });

  it("a file over the size limit, by its chunk count (400) or by its chunks' total (413)", async () => {
    const session = await newSession();
    const before = await allFiles();
    const fileId = newFileId();
    const tooMany = await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "3",
        fileId,
        fileName: "big.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/totalChunks is too large/);

    // Two full 5 MB chunks make 10 MB, over this run's 7 MB limit.
    const bytes = bigJpeg(2 * CHUNK_SIZE_BYTES - 100);
    const fields = { totalChunks: "2", fileId, fileName: "big.jpg", fileType: "image/jpeg", field: "vehiclePhoto" };
    expect(
      (await sendChunk(session.cookie, { ...fields, chunkIndex: "0" }, bytes.subarray(0, CHUNK_SIZE_BYTES))).status,
    ).toBe(200);
    const second = await sendChunk(session.cookie, { ...fields, chunkIndex: "1" }, bytes.subarray(CHUNK_SIZE_BYTES));
    expect(second.status).toBe(413);
    expect(second.body.error).toBe("The file is too large (the limit is 7 MB).");
    expect(await allFiles()).toEqual(before);
    expect((await assembleFile(session.cookie, { fileId, fileName: "big.jpg", field: "vehiclePhoto" })).status).toBe(
      400,
    );
  });

  it("an assembly with a chunk missing (400), which works once the chunk arrives", async () => {
    const session = await newSession();
    const bytes = bigJpeg(6 * MB);
    const fileId = newFileId();
    const fields = { totalChunks: "2", fileId, fileName: "van.jpg", fileType: "image/jpeg", field: "vehiclePhoto" };
    expect(
      (await sendChunk(session.cookie, { ...fields, chunkIndex: "1" }, bytes.subarray(CHUNK_SIZE_BYTES))).status,
    ).toBe(200);
    const early = await assembleFile(session.cookie, { fileId, fileName: "van.jpg", field: "vehiclePhoto" });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("Missing chunk 1 of 2: upload every chunk before assembling.");
    expect(
      (await getStorage().list("")).some((file) => file.key.endsWith(".jpg") && file.sizeBytes === bytes.length),
    ).toBe(false);

    expect(
      (await sendChunk(session.cookie, { ...fields, chunkIndex: "0" }, bytes.subarray(0, CHUNK_SIZE_BYTES))).status,
    ).toBe(200);
    const done = await assembleFile(session.cookie, { fileId, fileName: "van.jpg", field: "vehiclePhoto" });
    expect(done.status).toBe(200);
    expect((await storedBytes(done.body.filePath as string))?.equals(Buffer.from(bytes))).toBe(true);
  });

  it("a chunk index out of range (400)", async () => {
    const session = await newSession();
    const before = await allFiles();
    for (const chunkIndex of ["2", "-1", "abc"]) {
      const sent = await sendChunk(
        session.cookie,
        {
          chunkIndex,
          totalChunks: "2",
          fileId: newFileId(),
          fileName: "a.pdf",
          fileType: "application/pdf",
          field: "licenseDocument",
        },
        PDF,
      );
      expect(sent.status).toBe(400);
      expect(sent.body.error).toMatch(/chunkIndex (is out of range|must be a whole number)/);
    }
    expect(await allFiles()).toEqual(before);
  });

  it("chunks that disagree on their count (409)", async () => {
    const session = await newSession();
    const fileId = newFileId();
    const fields = { fileId, fileName: "a.pdf", fileType: "application/pdf", field: "licenseDocument" };
    expect((await sendChunk(session.cookie, { ...fields, chunkIndex: "0", totalChunks: "2" }, PDF)).status).toBe(200);
    const other = await sendChunk(session.cookie, { ...fields, chunkIndex: "0", totalChunks: "1" }, PDF);
    expect(other.status).toBe(409);
  });

  it("a path-traversal file name or fileId: refused as a path, never used as one", async () => {
    const session = await newSession();
    const outside = "/tmp/evil.pdf";
    fs.rmSync(outside, { force: true });
    const before = await allFiles();
    const badId = await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "1",
        fileId: "../../../../tmp",
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatch(/Invalid fileId/);
    const badField = await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "1",
        fileId: newFileId(),
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "../uploads",
      },
      PDF,
    );
    expect(badField.status).toBe(400);
    expect(await allFiles()).toEqual(before);

    const { status, body } = await upload(session.cookie, PDF, { fileName: "../../../../tmp/evil.pdf" });
    expect(status).toBe(200);
    expect(body.filePath).toMatch(UPLOAD_PATH);
    expect(fs.existsSync(outside)).toBe(false);
    const row = await db.storedFile.findUniqueOrThrow({ where: { storageKey: body.filePath as string } });
    expect(row.originalName).toBe("evil.pdf");
    expect(await isStored(body.filePath as string)).toBe(true);

    const storage = getStorage();
    for (const key of [
      "../evil",
      "uploads/../../evil",
      "/etc/passwd",
      "uploads/a\\..\\b",
      "",
      "uploads//x",
      ".partial/x",
    ]) {
      await expect(storage.stat(key)).rejects.toThrow(UnsafeKeyError);
      await expect(storage.write(key, Readable.from([PDF]))).rejects.toThrow(UnsafeKeyError);
    }
  });

  it("another browser's chunks (400): chunks belong to the upload session that sent them", async () => {
    const owner = await newSession();
    const fileId = newFileId();
    expect(
      (
        await sendChunk(
          owner.cookie,
          {
            chunkIndex: "0",
            totalChunks: "1",
            fileId,
            fileName: "a.pdf",
            fileType: "application/pdf",
            field: "licenseDocument",
          },
          PDF,
        )
      ).status,
    ).toBe(200);
    const stranger = await newSession();
    const stolen = await assembleFile(stranger.cookie, { fileId, fileName: "a.pdf", field: "licenseDocument" });
    expect(stolen.status).toBe(400);
    expect((await assembleFile(null, { fileId, fileName: "a.pdf", field: "licenseDocument" })).status).toBe(400);
    expect((await assembleFile(owner.cookie, { fileId, fileName: "a.pdf", field: "licenseDocument" })).status).toBe(
      200,
    );
  });

  it("requests that are not what the API expects (400) and too many of them (429)", async () => {
    const session = await newSession();
    const notMultipart = await uploadChunk({
      request: new Request("http://localhost/api/drivers/upload-chunk", {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json", Cookie: session.cookie, "X-Forwarded-For": ip },
      }),
      params: {},
      context: { clientAddress: ip },
    });
    expect(notMultipart.status).toBe(400);
    const noChunk = await sendChunk(session.cookie, {
      chunkIndex: "0",
      totalChunks: "1",
      fileId: newFileId(),
      fileName: "a.pdf",
      fileType: "application/pdf",
      field: "licenseDocument",
    });
    expect(noChunk.status).toBe(400);
    const badJson = await assembleFile(session.cookie, "not an object");
    expect(badJson.status).toBe(400);

    await db.rateLimitBucket.update({
      where: { key: `${DRIVER_UPLOAD_RATE_LIMIT.name}:${ip}` },
      data: { count: DRIVER_UPLOAD_RATE_LIMIT.limit },
    });
    const limited = await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "1",
        fileId: newFileId(),
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    expect(limited.status).toBe(429);
  });
});

describe("the document route", () => {
  async function storedDocument() {
    const session = await newSession();
    const { body } = await upload(session.cookie, PDF, { fileName: "licence “scan”.pdf" });
    return body.filePath as string;
  }

  async function cookieFor(role: "customer" | "driver" | "admin") {
    const user = await createUser({ role });
    return { user, cookie: (await startUserSession(new Request("http://localhost/"), user)).split(";")[0]! };
  }

  async function open(filePath: string, cookie?: string, range?: string) {
    const headers = { ...(cookie ? { Cookie: cookie } : {}), ...(range ? { Range: range } : {}) };
    return documentLoader({
      request: new Request(`http://localhost/${filePath}`, { headers }),
      params: { "*": filePath.slice("uploads/".length) },
      context: { clientAddress: ip },
    });
  }

  it("refuses an anonymous request for a stored document (401)", async () => {
    const filePath = await storedDocument();
    const response = await open(filePath);
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Sign in as an admin to view this document.");
  });

  it("refuses a signed-in customer or another driver (403)", async () => {
    const filePath = await storedDocument();
    expect((await open(filePath, (await cookieFor("customer")).cookie)).status).toBe(403);
    expect((await open(filePath, (await cookieFor("driver")).cookie)).status).toBe(403);
  });

  it("serves an admin the document inline, typed by content and never sniffed", async () => {
    const filePath = await storedDocument();
    const response = await open(filePath, (await cookieFor("admin")).cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // A PDF's own scripts (or a disguised page) cannot run on this origin.
    expect(response.headers.get("Content-Security-Policy")).toMatch(/(^|; )sandbox(;|$)/);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="licence _scan_.pdf"; filename*=UTF-8''${encodeURIComponent("licence “scan”.pdf")}`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
  });

  it("serves a byte range (206) as PDF viewers ask, and 416 for a range past the end", async () => {
    const filePath = await storedDocument();
    const { cookie } = await cookieFor("admin");
    const part = await open(filePath, cookie, "bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${PDF.length}`);
    expect(part.headers.get("Content-Length")).toBe("100");
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(PDF.subarray(100, 200)))).toBe(true);
    const tail = await open(filePath, cookie, "bytes=-10");
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(PDF.subarray(PDF.length - 10)))).toBe(true);
    const past = await open(filePath, cookie, `bytes=${PDF.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${PDF.length}`);
    // The access check comes first: a range changes nothing for someone else.
    expect((await open(filePath, (await cookieFor("customer")).cookie, "bytes=0-9")).status).toBe(403);
  });

  it("serves the applicant's own driver account, once it exists", async () => {
    const filePath = await storedDocument();
    const { user, cookie } = await cookieFor("driver");
    const driver = await createApprovedDriver();
    await db.storedFile.update({ where: { storageKey: filePath }, data: { driverId: driver.id } });
    expect((await open(filePath, cookie)).status).toBe(403);
    await db.driver.update({ where: { id: driver.id }, data: { userId: user.id } });
    expect((await open(filePath, cookie)).status).toBe(200);
  });

  it("serves documents stored under any safe uploads/ path, like the seed's demo documents", async () => {
    await getStorage().write("demo/integration-licence.pdf", Readable.from([PDF]));
    await db.storedFile.upsert({
      where: { storageKey: "uploads/demo/integration-licence.pdf" },
      create: {
        storageKey: "uploads/demo/integration-licence.pdf",
        kind: "license",
        originalName: "licence.pdf",
        mimeType: "application/pdf",
        sizeBytes: PDF.length,
      },
      update: {},
    });
    const response = await open("uploads/demo/integration-licence.pdf", (await cookieFor("admin")).cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="licence.pdf"; filename*=UTF-8''licence.pdf`,
    );
  });

  it("answers 404 to an admin for unknown or malformed paths, and never reads outside storage", async () => {
    const { cookie } = await cookieFor("admin");
    expect((await open(`uploads/${"0".repeat(64)}.pdf`, cookie)).status).toBe(404);
    const traversal = await documentLoader({
      request: new Request("http://localhost/uploads/x", { headers: { Cookie: cookie } }),
      params: { "*": "../../package.json" },
      context: { clientAddress: ip },
    });
    expect(traversal.status).toBe(404);
    // Chunks and temporary files are never documents, even with a row naming them.
    const session = await newSession();
    const fileId = newFileId();
    await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "1",
        fileId,
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    const chunkPath = `uploads/chunks/${session.id}/${fileId}/0-of-1`;
    await db.storedFile.create({
      data: {
        storageKey: chunkPath,
        kind: "license",
        originalName: "a.pdf",
        mimeType: "application/pdf",
        sizeBytes: PDF.length,
      },
    });
    expect((await open(chunkPath, cookie)).status).toBe(404);
  });
});

describe("clean-up", () => {
  it("removes chunks and unclaimed documents after 24 hours, and keeps claimed ones", async () => {
    const session = await newSession();
    const fileId = newFileId();
    await sendChunk(
      session.cookie,
      {
        chunkIndex: "0",
        totalChunks: "2",
        fileId,
        fileName: "a.pdf",
        fileType: "application/pdf",
        field: "licenseDocument",
      },
      PDF,
    );
    const pending = (await upload(session.cookie, PDF)).body.filePath as string;
    const claimed = (await upload(session.cookie, PDF)).body.filePath as string;
    const driver = await createApprovedDriver();
    await db.storedFile.update({ where: { storageKey: claimed }, data: { driverId: driver.id } });

    // Nothing is stale yet.
    await cleanupStaleUploads(new Date());
    expect((await storedFiles("chunks")).length).toBeGreaterThan(0);
    expect(await isStored(pending)).toBe(true);

    await cleanupStaleUploads(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await storedFiles("chunks")).toEqual([]);
    expect(await isStored(pending)).toBe(false);
    expect(await db.storedFile.count({ where: { storageKey: pending } })).toBe(0);
    expect(await isStored(claimed)).toBe(true);
    expect(await db.storedFile.count({ where: { storageKey: claimed } })).toBe(1);
  });
});

const { setEnv } = await import("../support/env");
const { uploadQuotaBytes, UPLOAD_MESSAGES } = await import("~/server/uploads/quota.server");

describe("uploads: the holes a security review found", () => {
  const openFiles = () => fs.readdirSync("/proc/self/fd").length;
  const chunkFields = (fileId: string, extra: Record<string, string> = {}) => ({
    chunkIndex: "0",
    totalChunks: "1",
    fileId,
    fileName: "file.pdf",
    fileType: "application/pdf",
    field: "licenseDocument",
    ...extra,
  });

  it("a fileId starting with '-' is a 400 from the schema, not a 500 from storage, and leaves no chunk behind", async () => {
    const session = await newSession();
    const sent = await sendChunk(session.cookie, chunkFields("-leading-dash-id"), PDF);
    expect(sent.status).toBe(400);
    expect(sent.body.message).toMatch(/Invalid fileId/);
    expect(await storedFiles("tmp")).toEqual([]);
  });

  it("200 assemblies refused with 415 leave no file open", async () => {
    const session = await newSession();
    const before = openFiles();
    for (let round = 0; round < 200; round++) {
      ip = `${NET}.18.${Math.floor(round / 100)}.${(round % 100) + 1}`; // the per-address upload limit is not what is tested here
      const fileId = newFileId();
      expect((await sendChunk(session.cookie, chunkFields(fileId), ELF)).status).toBe(200);
      expect(
        (await assembleFile(session.cookie, { fileId, fileName: "evil.pdf", field: "licenseDocument" })).status,
      ).toBe(415);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openFiles() - before).toBeLessThan(10);
  }, 120_000);

  it("one session cannot store more than its quota", async () => {
    const session = await newSession();
    const chunk = bigJpeg(CHUNK_SIZE_BYTES - 1024);
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let sent = 0; sent <= uploadQuotaBytes() + chunk.length; sent += chunk.length) {
      ip = `${NET}.19.0.${(statuses.length % 250) + 1}`;
      const answer = await sendChunk(
        session.cookie,
        chunkFields(newFileId(), { fileName: "van.jpg", fileType: "image/jpeg", field: "vehiclePhoto" }),
        chunk,
      );
      statuses.push(answer.status);
      last = answer.body;
      if (answer.status !== 200) break;
    }
    expect(statuses.at(-1)).toBe(413);
    expect(last.message).toBe(UPLOAD_MESSAGES.quota);
    expect(statuses.filter((status) => status === 200).length * chunk.length).toBeLessThanOrEqual(uploadQuotaBytes());
    // Another applicant's session is not affected.
    const other = await newSession();
    expect((await sendChunk(other.cookie, chunkFields(newFileId()), PDF)).status).toBe(200);
  }, 120_000);

  // A bucket has no free space to read; the local folder's disk does.
  if (STORAGE === "local")
    it("refuses uploads with a 507 before the disk fills", async () => {
      setEnv({ UPLOAD_MIN_FREE_MB: Number.MAX_SAFE_INTEGER / MB });
      const session = await newSession();
      const sent = await sendChunk(session.cookie, chunkFields(newFileId()), PDF);
      expect(sent.status).toBe(507);
      expect(sent.body.message).toBe(UPLOAD_MESSAGES.diskFull);
    });
});
