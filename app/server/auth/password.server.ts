// Passwords are hashed with argon2id (salted, memory-hard), the OWASP recommendation.
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import type { z } from "zod";
import { AUTH_MESSAGES, CUSTOMER_PASSWORD_MIN } from "~/schemas/auth";

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

// NIST SP 800-63B: a new password is checked against a list of passwords known to be common
// (here the 49,000 of zxcvbn-ts's list), compared without case. The list stays on the server.
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string) {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * A new-password form's schema with the common-password rule added: what the server parses
 * (the browser's copy checks length and confirmation only, without the list).
 */
export function withPasswordPolicy<Schema extends z.ZodTypeAny>(schema: Schema) {
  return schema.superRefine((value: { password?: unknown }, ctx) => {
    // A password already too short says that alone.
    if (
      typeof value?.password === "string" &&
      value.password.length >= CUSTOMER_PASSWORD_MIN &&
      isCommonPassword(value.password)
    ) {
      ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.passwordTooCommon });
    }
  });
}
