// A local S3-compatible server for the tests: s3rver (npm), in a process of its own, with one
// bucket, on a free port. The app reaches it with the AWS SDK exactly as it would reach a real
// bucket (signed requests, multipart uploads, ranged reads).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export const S3_TEST_BUCKET = "easymove-test";
// s3rver's own built-in account.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export type LocalS3Server = {
  endpoint: string;
  /** The app's settings for this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** Starts s3rver with its data in `directory` and waits until it listens. */
export async function startS3Server(directory: string, port = 0): Promise<LocalS3Server> {
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("s3rver/package.json")),
    "bin",
    "s3rver.js",
  );
  const child = spawn(
    process.execPath,
    [bin, "-d", directory, "-a", "127.0.0.1", "-p", String(port), "--configure-bucket", S3_TEST_BUCKET],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 20_000);
    const read = (data: Buffer) => {
      output += data.toString();
      // "S3rver listening on 127.0.0.1:<port>"
      const found = /listening on [^\s:]+:(\d+)/i.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${found[1]}`);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    endpoint,
    env: {
      STORAGE: "s3",
      S3_BUCKET: S3_TEST_BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
