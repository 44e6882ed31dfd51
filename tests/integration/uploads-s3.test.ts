// The upload checks (uploads-suite.ts) on S3 storage: a bucket of a local S3-compatible server
// (s3rver), reached with the AWS SDK as a real bucket would be.
import fs from "node:fs";
import { afterAll, vi } from "vitest";

const { root, s3 } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { startS3Server } = await import("../support/s3-server");
  const root = mkdtempSync(join(tmpdir(), "easymove-uploads-s3-"));
  const s3 = await startS3Server(join(root, "s3"));
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  vi.stubEnv("S3_PREFIX", "site");
  vi.stubEnv("OUTBOX_DIR", join(root, "outbox"));
  vi.stubEnv("UPLOAD_MAX_FILE_MB", "7");
  return { root, s3 };
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

await import("./uploads-suite");
