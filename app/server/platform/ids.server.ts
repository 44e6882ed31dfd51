// Row ids made in the app, of the shape of Prisma's cuid() (25 characters: "c", a base-36
// timestamp, a counter, a process fingerprint and randomness), for rows written with raw SQL
// so they look like every other row's id.
import { randomBytes } from "node:crypto";

let counter = randomBytes(2).readUInt16BE(0);
const fingerprint = (process.pid.toString(36) + randomBytes(2).toString("hex")).slice(-4).padStart(4, "0");

function base36(value: number, length: number) {
  return value.toString(36).padStart(length, "0").slice(-length);
}

export function createId() {
  counter = (counter + 1) % 36 ** 4;
  const random = base36(randomBytes(4).readUInt32BE(0), 6) + base36(randomBytes(2).readUInt16BE(0), 2);
  return `c${base36(Date.now(), 8)}${base36(counter, 4)}${fingerprint}${random}`;
}
