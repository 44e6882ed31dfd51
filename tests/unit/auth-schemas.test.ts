import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  adminLoginSchema,
  adminSignUpSchema,
  apiAdminSignUpSchema,
  apiSignUpSchema,
  AUTH_MESSAGES,
  checkNewPassword,
  forgotPasswordSchema,
  NEW_PASSWORD_RULES,
  PASSWORD_MAX,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/schemas/auth";

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  return submission.error ?? {};
}

describe("sign-in form", () => {
  it("needs both fields, with the product's message once for the form", () => {
    for (const fields of [
      { email: "", password: "" },
      { email: "a@example.com", password: "" },
      { email: "", password: "secret" },
    ]) {
      const submission = parseWithZod(form(fields), { schema: signInSchema });
      expect(submission.status).toBe("error");
      expect(errorsOf(submission)[""]).toEqual(["Both email and password are required."]);
      // Each empty field is marked with its own message too (WCAG 3.3.1).
      expect(errorsOf(submission).email).toEqual(fields.email ? undefined : ["Email is required"]);
      expect(errorsOf(submission).password).toEqual(fields.password ? undefined : ["Password is required"]);
    }
  });

  it("lower-cases the e-mail and keeps the password as typed", () => {
    const submission = parseWithZod(form({ email: " Alice@Example.COM ", password: " pass word " }), {
      schema: signInSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.email).toBe("alice@example.com");
      expect(submission.value.password).toBe(" pass word ");
    }
  });
});

describe("sign-up form", () => {
  const valid = {
    username: "Sam Smith",
    email: "sam@example.com",
    password: "long-enough",
    confirmPassword: "long-enough",
  };

  it("needs every field: 'All fields are required.'", () => {
    for (const missing of ["username", "email", "password", "confirmPassword"]) {
      const submission = parseWithZod(form({ ...valid, [missing]: "" }), { schema: signUpSchema });
      expect(errorsOf(submission)[""]).toEqual(["All fields are required."]);
      // The empty field has its own message; the others none.
      expect(Object.keys(errorsOf(submission)).sort()).toEqual(["", missing].sort());
    }
    const empty = parseWithZod(form({ username: "", email: "", password: "", confirmPassword: "" }), {
      schema: signUpSchema,
    });
    expect(errorsOf(empty)).toEqual({
      "": ["All fields are required."],
      username: ["Full name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      confirmPassword: ["Please confirm your password"],
    });
  });

  it("says 'Passwords do not match.' on the confirmation", () => {
    const submission = parseWithZod(form({ ...valid, confirmPassword: "different-one" }), { schema: signUpSchema });
    expect(errorsOf(submission).confirmPassword).toEqual(["Passwords do not match."]);
  });

  it("checks the e-mail and a minimum password length", () => {
    const submission = parseWithZod(
      form({ ...valid, email: "not-an-email", password: "short", confirmPassword: "short" }),
      { schema: signUpSchema },
    );
    expect(errorsOf(submission).email).toEqual([AUTH_MESSAGES.invalidEmail]);
    expect(errorsOf(submission).password).toEqual([AUTH_MESSAGES.customerPasswordTooShort]);
  });

  it("accepts a complete form and lower-cases the e-mail", () => {
    const submission = parseWithZod(form({ ...valid, email: "Sam@Example.com" }), { schema: signUpSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toMatchObject({ username: "Sam Smith", email: "sam@example.com" });
  });

  it("the API version needs no confirmation and treats empty strings as missing", () => {
    expect(
      apiSignUpSchema.safeParse({ username: "Sam", email: "sam@example.com", password: "long-enough" }).success,
    ).toBe(true);
    const result = apiSignUpSchema.safeParse({ username: "", email: "sam@example.com", password: "long-enough" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("All fields are required.");
  });
});

describe("admin sign-up form", () => {
  const valid = {
    username: "Root",
    email: "root@example.com",
    password: "secret-pass",
    confirmPassword: "secret-pass",
    adminKey: "key",
  };

  it("requires every field, each with its own message", () => {
    const submission = parseWithZod(form({}), { schema: adminSignUpSchema });
    expect(errorsOf(submission)).toMatchObject({
      username: [AUTH_MESSAGES.adminUsernameRequired],
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
      confirmPassword: [AUTH_MESSAGES.confirmRequired],
      adminKey: [AUTH_MESSAGES.adminKeyRequired],
    });
  });

  it("uses the product's words for mismatch and length", () => {
    const mismatch = parseWithZod(form({ ...valid, confirmPassword: "secreT" }), { schema: adminSignUpSchema });
    expect(errorsOf(mismatch).confirmPassword).toEqual(["Passwords do not match"]);
    const short = parseWithZod(form({ ...valid, password: "12345", confirmPassword: "12345" }), {
      schema: adminSignUpSchema,
    });
    expect(errorsOf(short).password).toEqual(["Password must be at least 8 characters long"]);
    expect(parseWithZod(form(valid), { schema: adminSignUpSchema }).status).toBe("success");
  });

  it("the API version takes username, email, password and adminKey", () => {
    expect(
      apiAdminSignUpSchema.safeParse({
        username: "Root",
        email: "root@example.com",
        password: "secret-pass",
        adminKey: "k",
      }).success,
    ).toBe(true);
    expect(
      apiAdminSignUpSchema.safeParse({ username: "Root", email: "root@example.com", password: "secret" }).success,
    ).toBe(false);
  });
});

describe("admin login, forgot and reset password", () => {
  it("admin login needs email and password", () => {
    const submission = parseWithZod(form({ email: "", password: "" }), { schema: adminLoginSchema });
    expect(errorsOf(submission)).toMatchObject({
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it("forgot password needs a valid e-mail", () => {
    expect(errorsOf(parseWithZod(form({ email: "" }), { schema: forgotPasswordSchema })).email).toEqual([
      AUTH_MESSAGES.emailRequired,
    ]);
    expect(errorsOf(parseWithZod(form({ email: "nope" }), { schema: forgotPasswordSchema })).email).toEqual([
      AUTH_MESSAGES.invalidEmail,
    ]);
  });

  it("a new password must be long enough and confirmed", () => {
    const short = parseWithZod(form({ password: "short", confirmPassword: "short" }), { schema: resetPasswordSchema });
    expect(errorsOf(short).password).toEqual([AUTH_MESSAGES.customerPasswordTooShort]);
    const mismatch = parseWithZod(form({ password: "long-enough", confirmPassword: "long-enougH" }), {
      schema: resetPasswordSchema,
    });
    expect(errorsOf(mismatch).confirmPassword).toEqual(["Passwords do not match."]);
    const tooLong = "x".repeat(129);
    expect(
      errorsOf(parseWithZod(form({ password: tooLong, confirmPassword: tooLong }), { schema: resetPasswordSchema }))
        .password,
    ).toEqual([AUTH_MESSAGES.passwordTooLong]);
  });
});

describe("checkNewPassword, the one rule for a new password and its confirmation", () => {
  /** The issues checkNewPassword raises for these values, as "path: message". */
  function issues(
    value: { password?: string; confirmPassword?: string },
    kind: keyof typeof NEW_PASSWORD_RULES,
    withConfirmation = true,
  ) {
    const schema = z
      .object({ password: z.string().optional(), confirmPassword: z.string().optional() })
      .superRefine((fields, ctx) => checkNewPassword(fields, ctx, NEW_PASSWORD_RULES[kind], { withConfirmation }));
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  }

  it("holds customers (sign-up, reset) and admins to 8 characters, in the product's words", () => {
    expect(issues({ password: "1234567", confirmPassword: "1234567" }, "customer")).toEqual([
      "password: Password must be at least 8 characters long",
    ]);
    expect(issues({ password: "12345678", confirmPassword: "12345678" }, "customer")).toEqual([]);
    expect(issues({ password: "12345", confirmPassword: "12345" }, "admin")).toEqual([
      "password: Password must be at least 8 characters long",
    ]);
    expect(issues({ password: "1234567", confirmPassword: "1234567" }, "admin")).toEqual([
      "password: Password must be at least 8 characters long",
    ]);
    expect(issues({ password: "12345678", confirmPassword: "12345678" }, "admin")).toEqual([]);
  });

  it("caps the length (argon2 would hash a megabyte)", () => {
    const long = "x".repeat(PASSWORD_MAX + 1);
    expect(issues({ password: long, confirmPassword: long }, "customer")).toEqual([
      `password: ${AUTH_MESSAGES.passwordTooLong}`,
    ]);
    expect(
      issues({ password: "x".repeat(PASSWORD_MAX), confirmPassword: "x".repeat(PASSWORD_MAX) }, "customer"),
    ).toEqual([]);
  });

  it("puts a differing confirmation on the confirmation field, with each kind's wording", () => {
    expect(issues({ password: "long-enough", confirmPassword: "long-enougH" }, "customer")).toEqual([
      "confirmPassword: Passwords do not match.",
    ]);
    expect(issues({ password: "long-enough", confirmPassword: "" }, "admin")).toEqual([
      "confirmPassword: Passwords do not match",
    ]);
    expect(issues({ password: "short", confirmPassword: "other" }, "customer")).toHaveLength(2);
  });

  it("checks no confirmation for the API (none is sent) and nothing when the password is missing", () => {
    expect(issues({ password: "long-enough" }, "customer", false)).toEqual([]);
    expect(issues({}, "customer")).toEqual([]);
  });

  it("is what sign-up, admin sign-up and reset use", () => {
    const differ = (schema: z.ZodTypeAny, fields: Record<string, string>) =>
      errorsOf(parseWithZod(form(fields), { schema })).confirmPassword;
    expect(
      differ(signUpSchema, {
        username: "Al",
        email: "al@example.com",
        password: "long-enough",
        confirmPassword: "other-one",
      }),
    ).toEqual([NEW_PASSWORD_RULES.customer.differ]);
    expect(differ(resetPasswordSchema, { password: "long-enough", confirmPassword: "other-one" })).toEqual([
      NEW_PASSWORD_RULES.customer.differ,
    ]);
    expect(
      differ(adminSignUpSchema, {
        username: "Al",
        email: "al@example.com",
        password: "long-enough",
        confirmPassword: "other-one",
        adminKey: "k",
      }),
    ).toEqual([NEW_PASSWORD_RULES.admin.differ]);
  });
});
