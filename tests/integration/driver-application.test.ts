// Driver applications: the JSON API after chunked uploads, and the page's no-JS multipart form.
import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const { root } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const root = mkdtempSync(join(tmpdir(), "easymove-applications-"));
  vi.stubEnv("UPLOAD_DIR", join(root, "private"));
  vi.stubEnv("OUTBOX_DIR", join(root, "outbox"));
  vi.stubEnv("UPLOAD_MAX_FILE_MB", "1");
  return { root };
});

const { action: uploadChunk } = await import("~/routes/api+/drivers.upload-chunk");
const { action: assemble } = await import("~/routes/api+/drivers.assemble-chunks");
const { action: apply } = await import("~/routes/api+/drivers.apply");
const { action: pageAction, loader: pageLoader } = await import("~/routes/driver-registration");
const { db } = await import("~/server/platform/db.server");
const { readOutbox } = await import("./messages");
const { takeToasts } = await import("~/server/platform/toast.server");
const { DRIVER_APPLY_RATE_LIMIT } = await import("~/server/drivers/applications.server");
const { DRIVER_APPLICATION_MESSAGES, UPLOAD_PATH } = await import("~/schemas/driver-application");
const { createApprovedDriver } = await import("./factories");

const UPLOAD_DIR = path.join(root, "private");
/** Where a document "uploads/<name>" lives: <name> at the root of the private folder. */
const onDisk = (documentPath: string) => path.join(UPLOAD_DIR, documentPath.replace(/^uploads\//, ""));
const PDF = new Uint8Array(fs.readFileSync("tests/fixtures/document.pdf"));
const JPEG = new Uint8Array(fs.readFileSync("tests/fixtures/van-photo.jpg"));
const DOCUMENTS = ["licenseDocument", "insuranceDocument", "liabilityDocument", "vehiclePhoto"] as const;

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let counter = 0;
let ip = "";
beforeEach(() => {
  ip = `203.0.113.${++counter}`;
});
const uniqueEmail = () =>
  `applicant-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;

const applicant = (email: string) => ({
  name: "Mark Applicant",
  email,
  phone: "07400 900123",
  experience: "3-5",
  vanType: "luton",
  location: "Newcastle upon Tyne",
});

/** The page's loader starts the upload session; its cookie comes back with every call. */
async function newBrowser() {
  const result = await pageLoader({
    request: new Request("http://localhost/driver-registration"),
    params: {},
    context: { clientAddress: ip },
  });
  const setCookie = new Headers(result.init?.headers).get("Set-Cookie")!;
  expect(setCookie).toMatch(/^__uploads=/);
  return setCookie.split(";")[0]!;
}

const headersFor = (cookie: string | null, extra: Record<string, string> = {}) => {
  const headers = new Headers({ "X-Forwarded-For": ip, ...extra });
  if (cookie) headers.set("Cookie", cookie);
  return headers;
};

async function uploadDocument(cookie: string, field: string, bytes: Uint8Array, fileName: string) {
  const fileId = `file${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
  const form = new FormData();
  form.append("chunk", new Blob([new Uint8Array(bytes)]), "blob");
  for (const [name, value] of Object.entries({
    chunkIndex: "0",
    totalChunks: "1",
    fileId,
    fileName,
    fileType: "",
    field,
  }))
    form.append(name, value);
  const sent = await uploadChunk({
    request: new Request("http://localhost/api/drivers/upload-chunk", {
      method: "POST",
      body: form,
      headers: headersFor(cookie),
    }),
    params: {},
    context: { clientAddress: ip },
  });
  expect(sent.status).toBe(200);
  const response = await assemble({
    request: new Request("http://localhost/api/drivers/assemble-chunks", {
      method: "POST",
      body: JSON.stringify({ fileId, fileName, field }),
      headers: headersFor(cookie, { "Content-Type": "application/json" }),
    }),
    params: {},
    context: { clientAddress: ip },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { filePath: string }).filePath;
}

async function uploadAll(cookie: string) {
  return {
    licenseDocument: await uploadDocument(cookie, "licenseDocument", PDF, "licence.pdf"),
    insuranceDocument: await uploadDocument(cookie, "insuranceDocument", PDF, "insurance.pdf"),
    liabilityDocument: await uploadDocument(cookie, "liabilityDocument", JPEG, "liability.jpg"),
    vehiclePhoto: await uploadDocument(cookie, "vehiclePhoto", JPEG, "van.jpg"),
  };
}

/** The API route's answer, returned or thrown (as Remix takes either). */
const answer = (handling: Promise<Response>) =>
  handling.catch((thrown: unknown) => (thrown instanceof Response ? thrown : Promise.reject(thrown)));

async function applyJson(cookie: string | null, body: unknown) {
  const response = await answer(
    apply({
      request: new Request("http://localhost/api/drivers/apply", {
        method: "POST",
        body: JSON.stringify(body),
        headers: headersFor(cookie, { "Content-Type": "application/json" }),
      }),
      params: {},
      context: { clientAddress: ip },
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { success?: boolean; error?: string; fieldErrors?: Record<string, string[]> },
  };
}

describe("POST /api/drivers/apply", () => {
  it("creates a pending driver with its four documents and acknowledges by e-mail", async () => {
    const cookie = await newBrowser();
    const email = uniqueEmail();
    const paths = await uploadAll(cookie);
    const { status, body } = await applyJson(cookie, { ...applicant(email.toUpperCase()), ...paths, agreement: true });
    expect(status).toBe(201);
    expect(body.success).toBe(true);

    const driver = await db.driver.findFirstOrThrow({ where: { email }, include: { documents: true } });
    expect(driver).toMatchObject({
      name: "Mark Applicant",
      phone: "+447400900123",
      experience: "3-5",
      vanType: "luton",
      approvalStatus: "pending",
      userId: null,
    });
    expect(driver.agreementAcceptedAt).toBeInstanceOf(Date);
    const byKind = Object.fromEntries(driver.documents.map((document) => [document.kind, document]));
    expect(byKind.license).toMatchObject({
      storageKey: paths.licenseDocument,
      mimeType: "application/pdf",
      originalName: "licence.pdf",
    });
    expect(byKind.insurance?.storageKey).toBe(paths.insuranceDocument);
    expect(byKind.liability).toMatchObject({ storageKey: paths.liabilityDocument, mimeType: "image/jpeg" });
    expect(byKind.vehiclePhoto).toMatchObject({ storageKey: paths.vehiclePhoto, mimeType: "image/jpeg" });
    for (const key of Object.values(paths)) expect(fs.existsSync(onDisk(key))).toBe(true);

    const mail = await readOutbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("We've received your EasyMove driver application");
    expect(mail[0]!.text).toContain("Hello Mark Applicant,");
  });

  it("refuses a second application with the same email while one is pending (409)", async () => {
    const email = uniqueEmail();
    const first = await newBrowser();
    expect((await applyJson(first, { ...applicant(email), ...(await uploadAll(first)), agreement: true })).status).toBe(
      201,
    );
    const second = await newBrowser();
    const paths = await uploadAll(second);
    const { status, body } = await applyJson(second, {
      ...applicant(` ${email.toUpperCase()} `),
      ...paths,
      agreement: true,
    });
    expect(status).toBe(409);
    expect(body.error).toBe(
      "An application with this email address is already being reviewed. We'll be in touch as soon as it has been checked.",
    );
    expect(body.fieldErrors?.email).toEqual([body.error]);
    expect(await db.driver.count({ where: { email } })).toBe(1);
    // The second browser's documents stay unclaimed (and are cleaned up later).
    expect(await db.storedFile.count({ where: { storageKey: { in: Object.values(paths) }, driverId: null } })).toBe(4);
  });

  it("refuses the email of an approved driver (409), and lets a declined applicant apply again", async () => {
    const approved = await createApprovedDriver();
    const browser = await newBrowser();
    const refused = await applyJson(browser, {
      ...applicant(approved.email),
      ...(await uploadAll(browser)),
      agreement: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "This email address already belongs to an approved driver. Please sign in to your driver account instead.",
    );

    const email = uniqueEmail();
    await db.driver.create({
      data: { ...applicant(email), vanType: "luton", approvalStatus: "declined", agreementAcceptedAt: new Date() },
    });
    const again = await newBrowser();
    expect((await applyJson(again, { ...applicant(email), ...(await uploadAll(again)), agreement: true })).status).toBe(
      201,
    );
  });

  it("lets only one of two simultaneous applications with one email through", async () => {
    const email = uniqueEmail();
    const [a, b] = [await newBrowser(), await newBrowser()];
    const [pathsA, pathsB] = [await uploadAll(a), await uploadAll(b)];
    const results = await Promise.all([
      applyJson(a, { ...applicant(email), ...pathsA, agreement: true }),
      applyJson(b, { ...applicant(email), ...pathsB, agreement: true }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await db.driver.count({ where: { email } })).toBe(1);
  });

  it("takes a mobile only (drivers are texted their jobs), and says so on the field", async () => {
    const cookie = await newBrowser();
    const email = uniqueEmail();
    const paths = await uploadAll(cookie);
    const landline = await applyJson(cookie, {
      ...applicant(email),
      phone: "020 7946 0018",
      ...paths,
      agreement: true,
    });
    expect(landline.status).toBe(400);
    expect(landline.body.fieldErrors).toEqual({ phone: [DRIVER_APPLICATION_MESSAGES.landline] });
    const invalid = await applyJson(cookie, { ...applicant(email), phone: "0790 0000", ...paths, agreement: true });
    expect(invalid.body.fieldErrors).toEqual({ phone: ["Please enter a valid phone number"] });
    expect(await db.driver.count({ where: { email } })).toBe(0);
  });

  it("gives the product's validation messages (400)", async () => {
    const { status, body } = await applyJson(await newBrowser(), {
      name: "M",
      email: "nope",
      phone: "123",
      experience: "",
      vanType: "bus",
      location: "",
      agreement: false,
    });
    expect(status).toBe(400);
    expect(body.fieldErrors).toMatchObject({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid phone number"],
      experience: ["Please select your experience"],
      vanType: ["Please select your van type"],
      location: ["Location is required"],
      licenseDocument: ["Driver's license is required"],
      insuranceDocument: ["Insurance certificate is required"],
      liabilityDocument: ["Public liability insurance is required"],
      vehiclePhoto: ["Vehicle photo is required"],
      agreement: ["You must accept the terms and conditions"],
    });
    const notJson = await answer(
      apply({
        request: new Request("http://localhost/api/drivers/apply", {
          method: "POST",
          body: "{",
          headers: headersFor(null),
        }),
        params: {},
        context: { clientAddress: ip },
      }),
    );
    expect(notJson.status).toBe(400);
  });

  it("accepts only documents uploaded by this browser, of the right kind, and not used before (400)", async () => {
    const owner = await newBrowser();
    const paths = await uploadAll(owner);
    const stranger = await newBrowser();

    const stolen = await applyJson(stranger, { ...applicant(uniqueEmail()), ...paths, agreement: true });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe("Some documents were not found or have expired. Please choose them again.");
    expect(await applyJson(null, { ...applicant(uniqueEmail()), ...paths, agreement: true })).toMatchObject({
      status: 400,
    });

    // The licence (a PDF) offered as the vehicle photo, and one path used twice.
    const swapped = await applyJson(owner, {
      ...applicant(uniqueEmail()),
      ...paths,
      vehiclePhoto: paths.licenseDocument,
      agreement: true,
    });
    expect(swapped.status).toBe(400);
    expect(Object.keys(swapped.body.fieldErrors ?? {})).toContain("vehiclePhoto");

    const invented = await applyJson(owner, {
      ...applicant(uniqueEmail()),
      ...paths,
      insuranceDocument: `uploads/${"ab".repeat(32)}.pdf`,
      agreement: true,
    });
    expect(invented.status).toBe(400);
    expect(invented.body.fieldErrors?.insuranceDocument).toEqual([
      "Insurance certificate: the uploaded file was not found or has expired. Please choose it again.",
    ]);
    expect(await db.storedFile.count({ where: { storageKey: { in: Object.values(paths) }, driverId: null } })).toBe(4);

    expect((await applyJson(owner, { ...applicant(uniqueEmail()), ...paths, agreement: true })).status).toBe(201);
    const reused = await applyJson(owner, { ...applicant(uniqueEmail()), ...paths, agreement: true });
    expect(reused.status).toBe(400);
  });

  it("is rate-limited per address (429)", async () => {
    await db.rateLimitBucket.create({
      data: {
        key: `${DRIVER_APPLY_RATE_LIMIT.name}:${ip}`,
        count: DRIVER_APPLY_RATE_LIMIT.limit,
        resetAt: new Date(Date.now() + 60_000),
      },
    });
    const { status } = await applyJson(await newBrowser(), { ...applicant(uniqueEmail()), agreement: true });
    expect(status).toBe(429);
  });
});

describe("the page's no-JS multipart form", () => {
  type Entry = string | { bytes: Uint8Array; name: string; type?: string };

  function post(cookie: string | null, entries: [string, Entry][], context: AppLoadContext = { clientAddress: ip }) {
    const form = new FormData();
    for (const [name, value] of entries) {
      if (typeof value === "string") form.append(name, value);
      else
        form.append(
          name,
          new File([new Uint8Array(value.bytes)], value.name, { type: value.type ?? "application/octet-stream" }),
        );
    }
    return pageAction({
      request: new Request("http://localhost/driver-registration", {
        method: "POST",
        body: form,
        headers: headersFor(cookie),
      }),
      params: {},
      context,
    });
  }

  const textFields = (email: string): [string, Entry][] => [...Object.entries(applicant(email)), ["agreement", "on"]];
  const realFiles: [string, Entry][] = [
    ["licenseDocument", { bytes: PDF, name: "licence.pdf", type: "application/pdf" }],
    ["insuranceDocument", { bytes: PDF, name: "insurance.pdf", type: "application/pdf" }],
    ["liabilityDocument", { bytes: PDF, name: "liability.pdf", type: "application/pdf" }],
    ["vehiclePhoto", { bytes: JPEG, name: "van.jpg", type: "image/jpeg" }],
  ];

  it("takes the whole application with real PDF and JPEG files in one post, then redirects with the toast", async () => {
    const cookie = await newBrowser();
    const email = uniqueEmail();
    const response = await post(cookie, [...textFields(email), ...realFiles]);
    expect(response).toBeInstanceOf(Response);
    const redirect = response as unknown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/driver-registration?submitted=1");
    const sessionCookie = redirect.headers.getSetCookie().find((value) => value.startsWith("__session="))!;
    const { toasts } = await takeToasts(
      new Request("http://localhost/", { headers: { Cookie: sessionCookie.split(";")[0]! } }),
    );
    expect(toasts[0]).toMatchObject({
      title: "Application Submitted",
      description: "We've received your application and will review it shortly.",
      variant: "success",
    });

    const driver = await db.driver.findFirstOrThrow({ where: { email }, include: { documents: true } });
    expect(driver.documents.map((document) => document.kind).sort()).toEqual([
      "insurance",
      "liability",
      "license",
      "vehiclePhoto",
    ]);
    for (const document of driver.documents) {
      expect(document.storageKey).toMatch(UPLOAD_PATH);
      expect(fs.readFileSync(onDisk(document.storageKey)).length).toBe(document.sizeBytes);
    }
    expect((await readOutbox(email)).length).toBe(1);
  });

  it("works for a browser that arrives without the upload cookie", async () => {
    const email = uniqueEmail();
    const response = (await post(null, [...textFields(email), ...realFiles])) as unknown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__uploads="))).toBe(true);
    expect(await db.driver.count({ where: { email } })).toBe(1);
  });

  it("answers a bot in the honeypot as if it had applied, and saves no driver and sends no e-mail", async () => {
    const { honeypot } = await import("~/server/platform/honeypot.server");
    const { nameFieldName, validFromFieldName, encryptedValidFrom } = honeypot.getInputProps({
      validFromTimestamp: Date.now() - 1000,
    });
    const email = uniqueEmail();
    const trap: [string, Entry][] = [
      [nameFieldName, "https://spam.example"],
      [validFromFieldName!, encryptedValidFrom!],
    ];
    const response = (await post(await newBrowser(), [
      ...textFields(email),
      ...realFiles,
      ...trap,
    ])) as unknown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/driver-registration?submitted=1");
    expect(await db.driver.count({ where: { email } })).toBe(0);
    expect(await readOutbox(email)).toEqual([]);
  });

  it("sends an invalid form back with every typed field, the errors, and the files it kept", async () => {
    const cookie = await newBrowser();
    const email = uniqueEmail();
    const before = await db.storedFile.count();
    const context: AppLoadContext = { clientAddress: ip };
    const result = (await post(
      cookie,
      [
        ["name", "M"],
        ["email", email],
        ["phone", "07400 900123"],
        ["experience", "1-3"],
        ["vanType", "small"],
        ["location", "Essex"],
        ...realFiles.slice(0, 3),
        // A PDF renamed .jpg, declared as a JPEG, for the vehicle photo.
        ["vehiclePhoto", { bytes: PDF, name: "van.jpg", type: "image/jpeg" }],
      ],
      context,
    )) as unknown as {
      data: {
        result: { status: string; initialValue: Record<string, unknown>; error: Record<string, string[]> };
        kept: Record<string, { path: string; originalName: string }>;
        failure: string;
      };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(415);
    const { result: reply, kept, failure } = result.data;
    expect(reply.status).toBe("error");
    expect(reply.initialValue).toMatchObject({
      name: "M",
      email,
      phone: "07400 900123",
      experience: "1-3",
      vanType: "small",
      location: "Essex",
    });
    expect(reply.error.name).toEqual(["Name must be at least 2 characters"]);
    expect(reply.error.agreement).toEqual(["You must accept the terms and conditions"]);
    expect(reply.error.vehiclePhoto).toEqual(["Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)"]);
    expect(failure).toBe("Submission failed: Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)");
    // The page comes back in the same request: its root loader takes the toast from the context.
    expect(context.toasts?.map((toast) => toast.title)).toEqual(["Submission Failed"]);
    expect(Object.keys(kept).sort()).toEqual(["insuranceDocument", "liabilityDocument", "licenseDocument"]);
    expect(kept.licenseDocument!.originalName).toBe("licence.pdf");
    expect(await db.storedFile.count()).toBe(before + 3);
    expect(await db.driver.count({ where: { email } })).toBe(0);

    // The second attempt sends the kept files back as paths and only the photo anew.
    const again = (await post(cookie, [
      ...textFields(email),
      ["licenseDocument", kept.licenseDocument!.path],
      ["insuranceDocument", kept.insuranceDocument!.path],
      ["liabilityDocument", kept.liabilityDocument!.path],
      ["licenseDocumentReplacement", { bytes: new Uint8Array(), name: "" }],
      ["vehiclePhoto", { bytes: JPEG, name: "van.jpg", type: "image/jpeg" }],
    ])) as unknown as Response;
    expect(again.status).toBe(302);
    const driver = await db.driver.findFirstOrThrow({ where: { email }, include: { documents: true } });
    expect(driver.documents.map((document) => document.storageKey).sort()).toEqual(
      [
        kept.licenseDocument!.path,
        kept.insuranceDocument!.path,
        kept.liabilityDocument!.path,
        driver.documents.find((d) => d.kind === "vehiclePhoto")!.storageKey,
      ].sort(),
    );
  });

  it("answers an empty form with every validation message, and asks for every file", async () => {
    const result = (await post(await newBrowser(), [
      ["name", ""],
      ["email", ""],
      ["phone", ""],
      ["experience", ""],
      ["vanType", ""],
      ["location", ""],
      ...DOCUMENTS.map((name): [string, Entry] => [name, { bytes: new Uint8Array(), name: "" }]),
    ])) as unknown as {
      data: { result: { error: Record<string, string[]> }; kept: object; failure: string | null };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(Object.values(result.data.result.error).flat().sort()).toEqual(
      [
        "Name must be at least 2 characters",
        "Please enter a valid email address",
        "Please enter a valid phone number",
        "Please select your experience",
        "Please select your van type",
        "Location is required",
        "Driver's license is required",
        "Insurance certificate is required",
        "Public liability insurance is required",
        "Vehicle photo is required",
        "You must accept the terms and conditions",
      ].sort(),
    );
    expect(result.data.kept).toEqual({});
    expect(result.data.failure).toBeNull();
  });

  it("refuses an oversized document (413) and an executable named .pdf (415) without keeping them", async () => {
    const cookie = await newBrowser();
    const email = uniqueEmail();
    const before = await db.storedFile.count();
    const oversized = new Uint8Array(1024 * 1024 + 10);
    oversized.set(PDF.subarray(0, 16));
    const result = (await post(cookie, [
      ...textFields(email),
      ["licenseDocument", { bytes: oversized, name: "licence.pdf", type: "application/pdf" }],
      [
        "insuranceDocument",
        {
          bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
          name: "insurance.pdf",
          type: "application/pdf",
        },
      ],
      ...realFiles.slice(2),
    ])) as unknown as {
      data: { result: { error: Record<string, string[]> }; kept: Record<string, unknown> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(413);
    expect(result.data.result.error.licenseDocument).toEqual(["Driver's licence is too large (the limit is 1 MB)"]);
    expect(result.data.result.error.insuranceDocument).toEqual([
      "Insurance certificate must be a PDF or an image (JPEG, PNG, WebP or HEIC)",
    ]);
    expect(Object.keys(result.data.kept).sort()).toEqual(["liabilityDocument", "vehiclePhoto"]);
    expect(await db.storedFile.count()).toBe(before + 2);
    const sizes = (fs.readdirSync(UPLOAD_DIR, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size);
    expect(sizes).not.toContain(oversized.length);
  });

  it("refuses a request larger than four documents at once (413) before reading it", async () => {
    const request = new Request("http://localhost/driver-registration", {
      method: "POST",
      body: "x",
      headers: headersFor(await newBrowser(), {
        "Content-Type": "multipart/form-data; boundary=abc",
        "Content-Length": String(50 * 1024 * 1024),
      }),
    });
    const result = (await pageAction({ request, params: {}, context: { clientAddress: ip } })) as unknown as {
      data: { failure: string };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(413);
    expect(result.data.failure).toBe(
      "Submission failed: The files are too large together (the limit is 5 MB for one application).",
    );
  });

  it("never uses the browser's file name as a path", async () => {
    const email = uniqueEmail();
    const outside = path.resolve(UPLOAD_DIR, "../evil.pdf");
    const response = (await post(await newBrowser(), [
      ...textFields(email),
      ["licenseDocument", { bytes: PDF, name: "../evil.pdf", type: "application/pdf" }],
      ...realFiles.slice(1),
    ])) as unknown as Response;
    expect(response.status).toBe(302);
    expect(fs.existsSync(outside)).toBe(false);
    const licence = await db.storedFile.findFirstOrThrow({ where: { driver: { email }, kind: "license" } });
    expect(licence.storageKey).toMatch(UPLOAD_PATH);
    expect(licence.originalName).toBe("evil.pdf");
  });
});
