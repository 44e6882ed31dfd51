// The upload checks (uploads-suite.ts) on the default storage: a private local folder.
import fs from "node:fs";
import { afterAll, vi } from "vitest";

// Private storage and the outbox in a temporary folder; a 7 MB limit (two 5 MB chunks at most).
const { root } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const root = mkdtempSync(join(tmpdir(), "easymove-uploads-"));
  vi.stubEnv("STORAGE", "local");
  vi.stubEnv("UPLOAD_DIR", join(root, "private"));
  vi.stubEnv("OUTBOX_DIR", join(root, "outbox"));
  vi.stubEnv("UPLOAD_MAX_FILE_MB", "7");
  return { root };
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

await import("./uploads-suite");
