// The sign-in, sign-up, two-factor and password forms' messages and limits, with no zod in
// them: pages show these without loading their schemas (schemas/auth.ts, loaded when a form
// is first used).

export const AUTH_MESSAGES = {
  signInRequired: "Both email and password are required.",
  signInFailed: "Authentication failed",
  signUpRequired: "All fields are required.",
  signUpPasswordsDiffer: "Passwords do not match.",
  signUpFailed: "Registration failed",
  invalidEmail: "Please enter a valid email address",
  customerPasswordTooShort: "Password must be at least 8 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  nameTooLong: "Name must be at most 100 characters long",
  adminUsernameRequired: "Username is required",
  nameRequired: "Full name is required",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  confirmRequired: "Please confirm your password",
  adminKeyRequired: "Admin registration key is required",
  adminPasswordsDiffer: "Passwords do not match",
  adminPasswordTooShort: "Password must be at least 8 characters long",
  passwordTooCommon: "This password is one of the most common, so it is easy to guess. Please choose another.",
  adminKeyInvalid: "Invalid admin registration key",
  adminSignUpClosed: "Admin registration is closed.",
  adminLoginFailed: "Invalid credentials",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  resetRequestSent:
    "If an account exists for that email, we have sent a link to reset your password. It expires in one hour.",
  resetLinkInvalid: "This password reset link is invalid or has expired.",
} as const;

export const CUSTOMER_PASSWORD_MIN = 8;

export const ADMIN_PASSWORD_MIN = 8;

// argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing CPU.
export const PASSWORD_MAX = 128;

// ---------------------------------------------------------------- two-factor sign-in

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeInvalid: "That code is not right (or was used already). Try the newest code from your app.",
  tooManyAttempts: "Too many codes were tried. Please sign in again in a few minutes.",
  expired: "Your sign-in took too long. Please enter your password again.",
  required:
    'This admin account signs in with a second step: send the 6-digit code from the authenticator app (or a recovery code) as "code".',
} as const;
