// Configuration, parsed once at start-up. Every variable is listed in .env.example.
// Missing optional keys switch that integration to its local stand-in; a missing required
// secret in production stops start-up with a clear message.
import { z } from "zod";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "~/utils/config";

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it for the embedded database)"),
  SESSION_SECRET: optional,
  ENCRYPTION_KEY: optional,

  SITE_URL: z.string().url().default(DEFAULT_PUBLIC_CONFIG.siteUrl),
  BRAND_NAME: z.string().default(DEFAULT_PUBLIC_CONFIG.brandName),
  SUPPORT_PHONE: z.string().default(DEFAULT_PUBLIC_CONFIG.supportPhone),
  SUPPORT_EMAIL: z.string().email().default(DEFAULT_PUBLIC_CONFIG.supportEmail),
  RATING_VALUE: z.coerce.number().min(0).max(5).default(DEFAULT_PUBLIC_CONFIG.ratingValue),
  RATING_COUNT: z.coerce.number().int().min(0).default(DEFAULT_PUBLIC_CONFIG.ratingCount),
  HERO_IMAGE_URL: z.string().default("/images/hero.svg"),

  ADMIN_REGISTRATION_KEY: optional,

  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_API_BASE: optional,
  GOOGLE_MAPS_API_KEY: optional,
  GOOGLE_MAPS_BROWSER_KEY: optional,
  GOOGLE_MAPS_API_BASE: optional,

  SMTP_URL: optional,
  // Unset: "<BRAND_NAME> <no-reply@easymove.example>" (see parseEnv).
  MAIL_FROM: optional,
  OUTBOX_DIR: z.string().default(".data/outbox"),
  UPLOAD_DIR: z.string().default(".data/uploads"),
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().default(10),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // How many proxies in front of the app append to X-Forwarded-For (see clientIp). Empty
  // means the default, not 0, so a blank line in .env cannot switch the header off.
  TRUSTED_PROXY_HOPS: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).default(1)),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; ENCRYPTION_KEY: string; MAIL_FROM: string };

// Used only outside production, so a local demo runs with no set-up at all.
const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: "development-session-secret-not-for-production",
  ENCRYPTION_KEY: "development-encryption-key-not-for-production",
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}\nSee .env.example.`);
  }
  const parsed = result.data;
  if (parsed.NODE_ENV === "production") {
    const missing = (["SESSION_SECRET", "ENCRYPTION_KEY"] as const).filter((name) => !parsed[name]);
    if (missing.length > 0) {
      throw new Error(
        `Missing required secret${missing.length > 1 ? "s" : ""} in production: ${missing.join(", ")}. ` +
          "Set them in the environment or in .env (see .env.example).",
      );
    }
  }
  return {
    ...parsed,
    SESSION_SECRET: parsed.SESSION_SECRET ?? DEVELOPMENT_SECRETS.SESSION_SECRET,
    ENCRYPTION_KEY: parsed.ENCRYPTION_KEY ?? DEVELOPMENT_SECRETS.ENCRYPTION_KEY,
    MAIL_FROM: parsed.MAIL_FROM ?? `${parsed.BRAND_NAME} <no-reply@easymove.example>`,
  };
}

export const env: Env = parseEnv(process.env);

/** The configuration that may reach the browser: no secrets, ever. */
export function publicConfig(): PublicConfig {
  return {
    siteUrl: env.SITE_URL,
    brandName: env.BRAND_NAME,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    ratingValue: env.RATING_VALUE,
    ratingCount: env.RATING_COUNT,
  };
}
