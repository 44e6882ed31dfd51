// Prisma's own native schema engine is used whenever it is installed; the WASM stand-in only
// where it could not be had (scripts/lib/schema-engine-choice.mjs).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nativeSchemaEngineMissing } from "../../scripts/lib/schema-engine-choice.mjs";

describe("the schema engine Prisma runs", () => {
  it("is Prisma's own when its binary is installed", () => {
    const engines = mkdtempSync(path.join(tmpdir(), "engines-"));
    writeFileSync(path.join(engines, "schema-engine-debian-openssl-3.0.x"), "");
    expect(nativeSchemaEngineMissing(engines)).toBe(false);
  });

  it("is the stand-in where the binary is not there, or the folder is not", () => {
    const engines = mkdtempSync(path.join(tmpdir(), "engines-"));
    writeFileSync(path.join(engines, "package.json"), "{}");
    expect(nativeSchemaEngineMissing(engines)).toBe(true);
    expect(nativeSchemaEngineMissing(path.join(engines, "nowhere"))).toBe(true);
  });
});
