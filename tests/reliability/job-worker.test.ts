// The job queue's workers in a process of their own: the web instance runs with
// JOB_WORKERS=off, so a password reset asked for there waits on the queue; `npm run worker`
// (worker.ts, the same build) then sends it; on SIGTERM the worker process stops cleanly.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/database.mjs";
import {
  BUILD_DIR,
  TRACKED,
  get,
  postForm,
  randomIp,
  serveApp,
  sleep,
  startDatabase,
  type App,
  type TestDatabase,
} from "./harness";
import { record, saveLog } from "./report";

const APP_PORT = 4468;
const DB_PORT = 4488;

let database: TestDatabase;
let app: App;
let worker: ChildProcess | null = null;
let workerOutput = "";

beforeAll(async () => {
  database = await startDatabase("job-worker", DB_PORT);
  app = await serveApp(database, APP_PORT, { JOB_WORKERS: "off" });
});

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill("SIGKILL");
  await app?.stop();
  if (app) saveLog("job-worker-app.log", app.output());
  saveLog("job-worker-worker.log", workerOutput);
  await database?.remove();
});

const outboxTo = (email: string) =>
  (fs.existsSync(database.outboxDir) ? fs.readdirSync(database.outboxDir) : [])
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(database.outboxDir, file), "utf8")) as { to: string })
    .filter((mail) => mail.to === email);

const stateOf = async (key: string) =>
  (await database.query<{ state: string }>(`select state::text as state from "Message" where key like $1`, [key]))[0]
    ?.state;

describe("npm run worker", () => {
  it("sends what a web instance with JOB_WORKERS=off queued, and stops cleanly on SIGTERM", async () => {
    expect((await get(app, "/readyz")).status).toBe(200); // no workers here, and none expected

    const reset = await postForm(
      app,
      "/forgot-password",
      { email: TRACKED.customer },
      { headers: { "X-Forwarded-For": randomIp() } },
    );
    expect(reset.status).toBeLessThan(400);
    await sleep(3_000);
    expect(await stateOf("password-reset:%")).toBe("queued"); // nothing runs the queue yet
    expect(outboxTo(TRACKED.customer)).toHaveLength(0);

    const startedAt = Date.now();
    worker = spawn(process.execPath, ["--import", "tsx", "worker.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        SESSION_SECRET: "reliability-session-secret",
        ENCRYPTION_KEY: "reliability-encryption-key",
        SITE_URL: app.url,
        OUTBOX_DIR: database.outboxDir,
        UPLOAD_DIR: database.uploadDir,
        LOCAL_DATABASE: "1",
        SMTP_URL: "",
        BUILD_DIR,
        JOB_WORKERS: "off", // the web instances' setting: the worker process runs them all the same
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => (workerOutput = (workerOutput + chunk.toString()).slice(-100_000));
    worker.stdout!.on("data", keep);
    worker.stderr!.on("data", keep);

    while ((await stateOf("password-reset:%")) !== "sent") {
      if (Date.now() - startedAt > 30_000) throw new Error(`not sent by the worker:\n${workerOutput}`);
      await sleep(250);
    }
    const sentAfter = Date.now() - startedAt;
    expect(outboxTo(TRACKED.customer)).toHaveLength(1);

    const stopAt = Date.now();
    const exited = new Promise<number | null>((resolve) => worker!.once("exit", (code) => resolve(code)));
    worker.kill("SIGTERM");
    const code = await exited;
    record([
      `sent ${(sentAfter / 1000).toFixed(1)} s after the worker process started`,
      `stopped in ${((Date.now() - stopAt) / 1000).toFixed(1)} s, exit code ${code}`,
    ]);
    expect(code).toBe(0);
    expect(workerOutput).toContain("EasyMove job workers are running.");
  });
});
