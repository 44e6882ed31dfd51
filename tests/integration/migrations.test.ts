// The database that `migrate deploy` built for this run (scripts/with-test-db.mjs) must
// match schema.prisma exactly, and the migrations folder must too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const prisma = path.resolve("node_modules/.bin/prisma");

function diff(...args: string[]) {
  return spawnSync(prisma, ["migrate", "diff", ...args, "--exit-code"], {
    encoding: "utf8",
    env: process.env,
    timeout: 60_000,
  });
}

describe("migrations", () => {
  it("leave no drift between the migrated database and schema.prisma", () => {
    const result = diff("--from-config-datasource", "--to-schema", "prisma/schema.prisma");
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  });

  it("in prisma/migrations produce schema.prisma", () => {
    const result = diff("--from-migrations", "prisma/migrations", "--to-schema", "prisma/schema.prisma");
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it("report drift when the schema moves on (the check can fail)", () => {
    const drifted = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "drift-")), "schema.prisma");
    fs.writeFileSync(
      drifted,
      `${fs.readFileSync("prisma/schema.prisma", "utf8")}\nmodel DriftProbe {\n  id Int @id\n}\n`,
    );
    const result = diff("--from-config-datasource", "--to-schema", drifted);
    expect(result.status).toBe(2);
  });
});
