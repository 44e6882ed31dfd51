// Sign-in, sign-up, admin and password-reset forms. The messages are the product's own, word
// for word; each schema is used by the page's action, by the form as you type, and (without its confirmation field) by the API.
import { z } from "zod";
import {
  ADMIN_PASSWORD_MIN,
  AUTH_MESSAGES,
  CUSTOMER_PASSWORD_MIN,
  PASSWORD_MAX,
  TWO_FACTOR_MESSAGES,
} from "./auth-messages";

export * from "./auth-messages";

/** A text field that may be missing: trimmed, and "" counts as missing (as in a form). */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value == null || value.trim() === "" ? undefined : value.trim()));

/** Passwords are never trimmed; "" still counts as missing. */
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value == null || value === "" ? undefined : value));

const redirectTo = z.string().optional();

/** What a new password must be, per kind of account, and what its confirmation says when it differs. */
export const NEW_PASSWORD_RULES = {
  customer: {
    min: CUSTOMER_PASSWORD_MIN,
    tooShort: AUTH_MESSAGES.customerPasswordTooShort,
    differ: AUTH_MESSAGES.signUpPasswordsDiffer,
  },
  admin: {
    min: ADMIN_PASSWORD_MIN,
    tooShort: AUTH_MESSAGES.adminPasswordTooShort,
    differ: AUTH_MESSAGES.adminPasswordsDiffer,
  },
} as const;

/**
 * The one check of a new password and, when the form has one, its confirmation: used by
 * sign-up, admin sign-up and password reset (and their API forms, without confirmation).
 */
export function checkNewPassword(
  value: { password?: string; confirmPassword?: string },
  ctx: z.RefinementCtx,
  rules: (typeof NEW_PASSWORD_RULES)[keyof typeof NEW_PASSWORD_RULES],
  { withConfirmation }: { withConfirmation: boolean },
) {
  if (value.password === undefined) return;
  if (value.password.length < rules.min) ctx.addIssue({ code: "custom", path: ["password"], message: rules.tooShort });
  else if (value.password.length > PASSWORD_MAX)
    ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.passwordTooLong });
  if (withConfirmation && value.password !== value.confirmPassword)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: rules.differ });
}

function isEmail(value: string) {
  return z.string().email().safeParse(value).success;
}

/** Narrows the optional fields once the refinement has proved them present. */
function present<T extends Record<string, unknown>, K extends keyof T>(value: T, _keys: readonly K[]) {
  return value as T & { [P in K]-?: NonNullable<T[P]> };
}

// ---------------------------------------------------------------- customers

export const signInSchema = z
  .object({ email: optionalText, password: optionalSecret, redirectTo })
  .superRefine((value, ctx) => {
    if (value.email && value.password) return;
    // The seeds' words on top, and each empty field marked with its own message.
    ctx.addIssue({ code: "custom", path: [], message: AUTH_MESSAGES.signInRequired });
    if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.emailRequired });
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.passwordRequired });
  })
  .transform((value) => {
    const { email, password } = present(value, ["email", "password"]);
    return { ...value, email: email.toLowerCase(), password };
  });

const signUpFields = { username: optionalText, email: optionalText, password: optionalSecret };

function checkSignUp(
  value: { username?: string; email?: string; password?: string; confirmPassword?: string },
  ctx: z.RefinementCtx,
  withConfirmation: boolean,
) {
  if (!value.username || !value.email || !value.password || (withConfirmation && !value.confirmPassword)) {
    // The seeds' words on top, and each empty field marked with its own message.
    ctx.addIssue({ code: "custom", path: [], message: AUTH_MESSAGES.signUpRequired });
    const missing: [field: string, given: string | undefined, message: string][] = [
      ["username", value.username, AUTH_MESSAGES.nameRequired],
      ["email", value.email, AUTH_MESSAGES.emailRequired],
      ["password", value.password, AUTH_MESSAGES.passwordRequired],
    ];
    if (withConfirmation) missing.push(["confirmPassword", value.confirmPassword, AUTH_MESSAGES.confirmRequired]);
    for (const [field, given, message] of missing) if (!given) ctx.addIssue({ code: "custom", path: [field], message });
    return;
  }
  if (value.username.length > 100)
    ctx.addIssue({ code: "custom", path: ["username"], message: AUTH_MESSAGES.nameTooLong });
  if (!isEmail(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
  checkNewPassword(value, ctx, NEW_PASSWORD_RULES.customer, { withConfirmation });
}

function normaliseSignUp<T extends { username?: string; email?: string; password?: string }>(value: T) {
  const fields = present(value, ["username", "email", "password"]);
  return { ...fields, email: fields.email.toLowerCase() };
}

/** The /signup form: full name (the username), email, password and its confirmation. */
export const signUpSchema = z
  .object({ ...signUpFields, confirmPassword: optionalSecret, redirectTo })
  .superRefine((value, ctx) => checkSignUp(value, ctx, true))
  .transform(normaliseSignUp);

/** POST /api/auth/signup: email, password, username (no confirmation). */
export const apiSignUpSchema = z
  .object(signUpFields)
  .superRefine((value, ctx) => checkSignUp(value, ctx, false))
  .transform(normaliseSignUp);

/** The second step's code: 6 digits from the app, or a recovery code ("abcde-fghjk"). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ required_error: TWO_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired)
    .max(20, TWO_FACTOR_MESSAGES.codeInvalid),
});

// ---------------------------------------------------------------- password reset

export const forgotPasswordSchema = z.object({
  email: z
    .string({ required_error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .email(AUTH_MESSAGES.invalidEmail)
    .transform((email) => email.toLowerCase()),
});

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);
const requiredSecret = (message: string) => z.string({ required_error: message }).min(1, message);

export const resetPasswordSchema = z
  .object({
    password: requiredSecret(AUTH_MESSAGES.passwordRequired),
    confirmPassword: requiredSecret(AUTH_MESSAGES.confirmRequired),
  })
  .superRefine((value, ctx) => checkNewPassword(value, ctx, NEW_PASSWORD_RULES.customer, { withConfirmation: true }));

// ---------------------------------------------------------------- admins

export const adminLoginSchema = z.object({
  email: required(AUTH_MESSAGES.emailRequired).transform((email) => email.toLowerCase()),
  password: requiredSecret(AUTH_MESSAGES.passwordRequired),
  redirectTo,
});

const adminSignUpFields = {
  username: required(AUTH_MESSAGES.adminUsernameRequired).pipe(z.string().max(100, AUTH_MESSAGES.nameTooLong)),
  email: required(AUTH_MESSAGES.emailRequired)
    .pipe(z.string().email(AUTH_MESSAGES.invalidEmail))
    .transform((email) => email.toLowerCase()),
  password: requiredSecret(AUTH_MESSAGES.passwordRequired),
  adminKey: requiredSecret(AUTH_MESSAGES.adminKeyRequired),
};

/** The /admin/signup form: username, email, password, confirmation and the registration key. */
export const adminSignUpSchema = z
  .object({ ...adminSignUpFields, confirmPassword: requiredSecret(AUTH_MESSAGES.confirmRequired) })
  .superRefine((value, ctx) => checkNewPassword(value, ctx, NEW_PASSWORD_RULES.admin, { withConfirmation: true }));

/** POST /api/admin/signup: username, email, password, adminKey. */
export const apiAdminSignUpSchema = z
  .object(adminSignUpFields)
  .superRefine((value, ctx) => checkNewPassword(value, ctx, NEW_PASSWORD_RULES.admin, { withConfirmation: false }));
