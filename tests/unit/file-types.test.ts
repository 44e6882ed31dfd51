import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  acceptAttribute,
  detectFileType,
  HEIC,
  HEIF,
  isAccepted,
  JPEG,
  MAGIC_BYTES_LENGTH,
  PDF,
  PNG,
  typeForExtension,
  WEBP,
} from "~/domain/file-types";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe("detectFileType reads the content, not the name", () => {
  it("recognises the real fixtures", () => {
    expect(
      detectFileType(new Uint8Array(fs.readFileSync("tests/fixtures/document.pdf")).subarray(0, MAGIC_BYTES_LENGTH)),
    ).toBe(PDF);
    expect(
      detectFileType(new Uint8Array(fs.readFileSync("tests/fixtures/van-photo.jpg")).subarray(0, MAGIC_BYTES_LENGTH)),
    ).toBe(JPEG);
  });

  it("recognises PDF, JPEG, PNG, WebP and HEIC/HEIF signatures", () => {
    expect(detectFileType(text("%PDF-1.7\n%âãÏÓ"))).toBe(PDF);
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xdb, 0, 0, 0, 0, 0, 0, 0, 0))).toBe(JPEG);
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe(PNG);
    expect(detectFileType(concat(text("RIFF"), bytes(0x24, 0, 0, 0), text("WEBP")))).toBe(WEBP);
    expect(detectFileType(concat(bytes(0, 0, 0, 0x18), text("ftypheic")))).toBe(HEIC);
    expect(detectFileType(concat(bytes(0, 0, 0, 0x1c), text("ftypheix")))).toBe(HEIC);
    expect(detectFileType(concat(bytes(0, 0, 0, 0x1c), text("ftypmif1")))).toBe(HEIF);
  });

  it("refuses everything else, however it is named", () => {
    expect(detectFileType(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0))).toBeNull(); // ELF executable
    expect(detectFileType(concat(text("MZ"), new Uint8Array(10)))).toBeNull(); // Windows executable
    expect(detectFileType(text("<html><script>"))).toBeNull();
    expect(detectFileType(text("PK\u0003\u0004 zip file"))).toBeNull();
    expect(detectFileType(concat(text("RIFF"), bytes(0, 0, 0, 0), text("WAVE")))).toBeNull(); // audio, not WebP
    expect(detectFileType(concat(bytes(0, 0, 0, 0x18), text("ftypmp42")))).toBeNull(); // MP4 video, not HEIC
    expect(detectFileType(concat(bytes(0, 0, 0, 0x18), text("ftypavif")))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(bytes(0xff, 0xd8))).toBeNull(); // too short to be sure
    expect(detectFileType(text(" %PDF-1.4"))).toBeNull(); // the signature must come first
  });
});

describe("what each field accepts", () => {
  it("documents take a PDF or an image; the vehicle photo only an image", () => {
    for (const type of [PDF, JPEG, PNG, WEBP, HEIC]) expect(isAccepted(type, "document")).toBe(true);
    for (const type of [JPEG, PNG, WEBP, HEIC, HEIF]) expect(isAccepted(type, "image")).toBe(true);
    expect(isAccepted(PDF, "image")).toBe(false);
  });

  it("gives file inputs a matching accept hint", () => {
    expect(acceptAttribute("document")).toContain("application/pdf");
    expect(acceptAttribute("image")).not.toContain("pdf");
    expect(acceptAttribute("image")).toContain("image/jpeg");
  });

  it("maps stored extensions back to their type", () => {
    expect(typeForExtension("jpg")).toBe(JPEG);
    expect(typeForExtension("exe")).toBeNull();
  });
});

describe("a fileId is a storage key's segment (one rule)", () => {
  it("every fileId the schema takes is a safe storage key; a leading '-' or '.' is not taken", async () => {
    process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
    const { FILE_ID } = await import("~/schemas/driver-application");
    const { isSafeKey } = await import("~/server/uploads/file-storage.server");
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.stringMatching(FILE_ID), (fileId) => isSafeKey(`chunks/session/${fileId}`)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (text) => !FILE_ID.test(text) || isSafeKey(`chunks/s/${text}`)),
      { numRuns: 2000 },
    );
    expect(FILE_ID.test("-leading-dash")).toBe(false);
    expect(FILE_ID.test(".hidden-file")).toBe(false);
    expect(FILE_ID.test("upload_0123456789")).toBe(true);
  });
});
