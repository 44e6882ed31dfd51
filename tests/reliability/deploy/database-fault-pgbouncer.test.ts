// tests/reliability/database-fault.test.ts again, with the app's DATABASE_URL through PgBouncer in
// transaction pooling (Debian's pgbouncer), and live events on DIRECT_DATABASE_URL.
import { afterAll, vi } from "vitest";

vi.hoisted(() => {
  process.env.RELIABILITY_POOLER = "pgbouncer";
});

// Not for the files that run after this one in the same worker.
afterAll(() => {
  delete process.env.RELIABILITY_POOLER;
});

await import("../database-fault.test");
