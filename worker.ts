// `npm run worker`: the job queue's workers and schedules in a process of their own, for those
// who scale them apart from the web instances (which then run with JOB_WORKERS=off; see
// docs/DEPLOY.md). It loads the same server build as server.ts and runs what the web instances
// would run in the background (app/server/background.server.ts). On SIGTERM or SIGINT the
// jobs in hand get 10 seconds to finish; the rest go back to the queue for another worker.
import path from "node:path";
import { pathToFileURL } from "node:url";

// This process is the workers, whatever the web instances' setting says.
process.env.JOB_WORKERS = "on";

type WorkerBuild = {
  lifecycle: { startBackgroundJobs(): void; closeDatabase(): Promise<void> };
};

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as WorkerBuild;
build.lifecycle.startBackgroundJobs();
console.log("EasyMove job workers are running.");

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    build.lifecycle.closeDatabase().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
