// Passwords are hashed with argon2id (salted, memory-hard), the OWASP recommendation.
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum, so not importable here)

export function hashPassword(password: string) {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(password: string, passwordHash: string | null | undefined) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
