// A local demo (embedded database, no secrets set) gets random secrets kept in .data/, so
// `npm start` needs no set-up and sessions survive restarts. A real deployment sets
// SESSION_SECRET and ENCRYPTION_KEY itself; the app refuses to start in production without.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { root } from "./database.mjs";

const NAMES = ["SESSION_SECRET", "ENCRYPTION_KEY"];

export function localSecrets() {
  const file = path.join(root, ".data", "local-secrets.json");
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  let changed = false;
  for (const name of NAMES) {
    if (!saved[name]) {
      saved[name] = crypto.randomBytes(32).toString("hex");
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(NAMES.filter((name) => !process.env[name]).map((name) => [name, saved[name]]));
}
