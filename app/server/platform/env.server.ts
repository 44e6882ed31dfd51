// Configuration, parsed once at start-up. Every variable is listed in .env.example.
// Missing optional keys switch that integration to its local stand-in; a missing required
// secret in production stops start-up with a clear message.
import os from "node:os";
import { z } from "zod";
import { pluralWord } from "~/domain/plural";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "~/utils/config";
import { currentMessageOrigin, currentVisitorOrigin } from "./request-context.server";
import { listenUrl } from "./site-url.server";

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it for the embedded database)"),
  // A connection that bypasses a pooler such as PgBouncer (transaction pooling breaks LISTEN):
  // live events listen on it, and migrations run on it. Unset: DATABASE_URL.
  DIRECT_DATABASE_URL: optional,
  SESSION_SECRET: optional,
  ENCRYPTION_KEY: optional,

  // The site's public address. Required in production; a local demo without it follows the
  // visitor's own origin (site-url.server.ts).
  SITE_URL: optional.pipe(z.string().url().optional()),
  BRAND_NAME: z.string().default(DEFAULT_PUBLIC_CONFIG.brandName),
  SUPPORT_PHONE: z.string().default(DEFAULT_PUBLIC_CONFIG.supportPhone),
  SUPPORT_EMAIL: z.string().email().default(DEFAULT_PUBLIC_CONFIG.supportEmail),
  // Where operational alerts go (a job nobody has taken); SUPPORT_EMAIL when unset.
  OPS_EMAIL: z.string().email().optional(),
  HERO_IMAGE_URL: z.string().default("/images/hero.svg"),

  ADMIN_REGISTRATION_KEY: optional,

  // What a VAT invoice says of us. Outside production a demo company stands in; in production
  // invoices are refused (503) until VAT_NUMBER and COMPANY_ADDRESS are set.
  COMPANY_NAME: optional,
  COMPANY_ADDRESS: optional,
  VAT_NUMBER: optional,

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
  // Texts through Twilio's Messages API when all three are set; otherwise to the local outbox.
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  // The sending number (E.164) or a Messaging Service's sid.
  TWILIO_FROM: optional,
  // Where Twilio's API is: unset for Twilio itself; the tests' stand-in otherwise.
  TWILIO_API_BASE: optional,
  // "off": this instance runs no job workers or schedules (they run apart, `npm run worker`).
  JOB_WORKERS: z.enum(["on", "off"]).default("on"),
  // One cron (5 fields, UK time) for every timed job instead of its own: to watch them run in a
  // test, or a demo, without waiting for their quarter-hours.
  JOB_SCHEDULE_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, "JOB_SCHEDULE_CRON must be a cron of 5 fields, like '* * * * *'")
    .optional(),
  UPLOAD_DIR: z.string().default(".data/uploads"),
  // Where uploaded files live: "local" (UPLOAD_DIR) or "s3" (a bucket, for several machines).
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optional,
  // Unset: eu-west-2 (uploads/s3-storage.server.ts reads every S3_* variable).
  S3_REGION: optional,
  // An S3-compatible server (MinIO, Ceph, the tests' local one); unset for AWS itself.
  S3_ENDPOINT: optional,
  // Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role).
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PREFIX: optional,
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().default(10),
  // Uploads stop (507) while less than this is free on the upload folder's disk.
  UPLOAD_MIN_FREE_MB: z.coerce.number().min(0).default(100),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // How many proxies in front of the app append to X-Forwarded-For (see clientIp). Empty
  // means the default, not 0, so a blank line in .env cannot switch the header off.
  TRUSTED_PROXY_HOPS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).default(0),
  ),

  // The HTTP server (server.ts).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optional,
  // Worker processes (node:cluster); 1 runs the server in this process. Unset: one per core
  // in production, 1 elsewhere (parseEnv).
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  // "off" silences the access log (the tests' servers); anything else logs one line a request.
  ACCESS_LOG: z.enum(["on", "off"]).default("on"),
  // "json": one JSON object a line (pino), with each request's id; "text": readable lines.
  // Unset: json in production, text elsewhere (parseEnv).
  LOG_FORMAT: z.enum(["json", "text"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace"]).default("info"),
  // /metrics (Prometheus) answers only requests with "Authorization: Bearer <METRICS_TOKEN>";
  // unset, it answers 404.
  METRICS_TOKEN: optional,
  // At SIGTERM, /readyz answers 503 this long before the server stops taking connections,
  // so a load balancer's health checks see the instance leave first (docs/DEPLOY.md).
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),

  // Set by `npm start`, `npm run dev` and the test scripts when they made the database
  // themselves (the embedded PostgreSQL, a throwaway test database): a local demo. Without it,
  // NODE_ENV=production is production, with the checks of productionProblems().
  LOCAL_DATABASE: z.enum(["0", "1"]).default("0"),
  // "on" lets a staging site take the built-in sandbox's test payments in production.
  PAYMENTS_SANDBOX: z.enum(["on", "off"]).default("off"),
});

export type Env = z.infer<typeof envSchema> & {
  /** SITE_URL, or where the server listens when it is not set (a local demo). */
  SITE_URL: string;
  /** A local demo without SITE_URL: absolute addresses take the visitor's own origin. */
  siteUrlFollowsVisitor: boolean;
  LOG_FORMAT: "json" | "text";
  DIRECT_DATABASE_URL: string;
  WEB_CONCURRENCY: number;
  SESSION_SECRET: string;
  ENCRYPTION_KEY: string;
  MAIL_FROM: string;
  /** NODE_ENV=production on a database the scripts did not make: real customers, real money. */
  isProduction: boolean;
  /** Whether the built-in sandbox may take (test) payments: always outside production. */
  sandboxPaymentsAllowed: boolean;
};

// Used only outside production, so a local demo runs with no set-up at all.
const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: "development-session-secret-not-for-production",
  ENCRYPTION_KEY: "development-encryption-key-not-for-production",
};

/** A configuration that cannot start: its message is the whole story, so it has no stack. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
    this.stack = message;
  }
}

export function parseEnv(source: Record<string, string | undefined>, cores: number = os.availableParallelism()): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${problems.join("\n")}\nSee .env.example.`);
  }
  const parsed = result.data;
  if (parsed.STORAGE === "s3" && !parsed.S3_BUCKET)
    throw new ConfigurationError(
      "STORAGE=s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT and credentials as the store requires). See .env.example.",
    );
  const isProduction = parsed.NODE_ENV === "production" && parsed.LOCAL_DATABASE !== "1";
  if (isProduction) {
    const problems = productionProblems(parsed);
    if (problems.length > 0) {
      throw new ConfigurationError(
        `The app will not start in production with these settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}\nSee .env.example and docs/CONFIGURATION.md, "Running in production".`,
      );
    }
  } else if (parsed.NODE_ENV === "production") {
    const missing = (["SESSION_SECRET", "ENCRYPTION_KEY"] as const).filter((name) => !parsed[name]);
    if (missing.length > 0) {
      throw new ConfigurationError(
        `Missing required ${pluralWord(missing.length, "secret")} in production: ${missing.join(", ")}. ` +
          "Set them in the environment or in .env (see .env.example).",
      );
    }
  }
  return {
    ...parsed,
    SITE_URL: parsed.SITE_URL ?? listenUrl(parsed.HOST, parsed.PORT),
    siteUrlFollowsVisitor: !isProduction && !parsed.SITE_URL,
    SESSION_SECRET: parsed.SESSION_SECRET ?? DEVELOPMENT_SECRETS.SESSION_SECRET,
    ENCRYPTION_KEY: parsed.ENCRYPTION_KEY ?? DEVELOPMENT_SECRETS.ENCRYPTION_KEY,
    MAIL_FROM: parsed.MAIL_FROM ?? `${parsed.BRAND_NAME} <no-reply@easymove.example>`,
    LOG_FORMAT: parsed.LOG_FORMAT ?? (isProduction ? "json" : "text"),
    DIRECT_DATABASE_URL: parsed.DIRECT_DATABASE_URL ?? parsed.DATABASE_URL,
    // Production uses every core it is given; a demo or a test server stays one process.
    WEB_CONCURRENCY: parsed.WEB_CONCURRENCY ?? (isProduction ? Math.min(cores, 64) : 1),
    isProduction,
    sandboxPaymentsAllowed: !isProduction || parsed.PAYMENTS_SANDBOX === "on",
  };
}

/** The seller on a VAT invoice; null in production until it is configured. */
export function invoiceSeller(
  config: Pick<Env, "COMPANY_NAME" | "COMPANY_ADDRESS" | "VAT_NUMBER" | "BRAND_NAME" | "isProduction"> = env,
) {
  const name = config.COMPANY_NAME ?? `${config.BRAND_NAME} Ltd`;
  if (config.VAT_NUMBER && config.COMPANY_ADDRESS)
    return { name, address: config.COMPANY_ADDRESS, vatNumber: config.VAT_NUMBER, demo: false };
  if (config.isProduction) return null;
  return {
    name,
    address: config.COMPANY_ADDRESS ?? "1 Example Street, London EC1A 1AA",
    vatNumber: config.VAT_NUMBER ?? "GB 000 0000 00",
    demo: true,
  };
}

/** Secrets anyone could guess: the examples of .env.example and the README, and this file's own. */
const KNOWN_SECRETS = new Set([
  "changeme",
  "change-me",
  "secret",
  "e2e-session-secret",
  "e2e-encryption-key",
  ...Object.values(DEVELOPMENT_SECRETS),
]);
const MIN_SECRET_BYTES = 32;
/** The oldest Node.js line still supported (package.json's engines; docs/DEPLOY.md). */
const MIN_NODE_MAJOR = 24;

/** What stops a production start, one sentence each (none: it may start). */
export function productionProblems(
  parsed: z.infer<typeof envSchema>,
  nodeVersion: string = process.versions.node,
): string[] {
  const problems: string[] = [];
  if (Number(nodeVersion.split(".")[0]) < MIN_NODE_MAJOR)
    problems.push(
      `Node.js ${nodeVersion} is no longer supported: run Node.js ${MIN_NODE_MAJOR} or newer (npm start uses the one \`npm install\` put in node_modules/.bin).`,
    );
  for (const name of ["SESSION_SECRET", "ENCRYPTION_KEY"] as const) {
    const value = parsed[name];
    if (!value)
      problems.push(
        `${name} is not set: generate one with \`node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"\`.`,
      );
    else if (KNOWN_SECRETS.has(value.toLowerCase()))
      problems.push(`${name} is an example value that anyone can read: generate a random one.`);
    else if (Buffer.byteLength(value) < MIN_SECRET_BYTES)
      problems.push(
        `${name} is ${Buffer.byteLength(value)} bytes long: use at least ${MIN_SECRET_BYTES} random bytes.`,
      );
  }
  if (
    parsed.METRICS_TOKEN &&
    (KNOWN_SECRETS.has(parsed.METRICS_TOKEN.toLowerCase()) ||
      Buffer.byteLength(parsed.METRICS_TOKEN) < MIN_SECRET_BYTES)
  )
    problems.push(
      `METRICS_TOKEN is too easy to guess: use at least ${MIN_SECRET_BYTES} random bytes (or leave it unset).`,
    );
  if (parsed.SESSION_SECRET && parsed.SESSION_SECRET === parsed.ENCRYPTION_KEY)
    problems.push("SESSION_SECRET and ENCRYPTION_KEY are the same: give each its own random value.");
  if (!parsed.SITE_URL) problems.push("SITE_URL is not set: production needs the site's public https:// address.");
  else if (new URL(parsed.SITE_URL).protocol !== "https:")
    problems.push(
      `SITE_URL is ${parsed.SITE_URL}: production needs the site's public https:// address (session cookies are Secure only then).`,
    );
  return problems;
}

export const env: Env = parseEnv(process.env);

/**
 * This site's origin for absolute addresses: SITE_URL, never the request's Host, which the
 * client writes. Only a local demo without SITE_URL takes the visitor's own local origin
 * (recorded by server.ts), so a visitor on http://127.0.0.1:4123 stays there, signed in.
 */
export function siteUrl(): string {
  return currentMessageOrigin() || (env.siteUrlFollowsVisitor && currentVisitorOrigin()) || env.SITE_URL;
}

/** An absolute address on this site (a link in an e-mail, a payment provider's return address). */
export function absoluteUrl(path: string) {
  return new URL(path, siteUrl()).toString();
}

/** The configuration that may reach the browser: no secrets, ever. */
export function publicConfig(): PublicConfig {
  return {
    siteUrl: siteUrl(),
    brandName: env.BRAND_NAME,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
  };
}
