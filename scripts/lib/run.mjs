// Runs a command from node_modules/.bin (or PATH) and resolves with its exit code.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./database.mjs";

export function run(command, args, { env = process.env, stdio = "inherit", cwd = root } = {}) {
  const binDir = path.join(root, "node_modules", ".bin");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio,
      env: { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ""}` },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed with exit code ${code}`);
}
