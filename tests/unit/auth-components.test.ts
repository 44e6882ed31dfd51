// The auth cards and the sign-in dialog as the server renders them (what a browser without
// JavaScript gets). The dialog's in-place behaviour with JavaScript is proved in a real
// browser by tests/e2e/auth-dialog.spec.ts.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { AuthDialog } from "~/components/auth/auth-dialog";
import { SignInCard } from "~/components/auth/sign-in-card";
import { SignUpCard } from "~/components/auth/sign-up-card";

async function render(element: ReactElement, path = "/checkout") {
  const routes = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const decode = (html: string) => html.replace(/&amp;/g, "&");

describe("AuthDialog without JavaScript", () => {
  it("renders links to the pages that come back here, and no dialog", async () => {
    const html = decode(
      await render(
        createElement(AuthDialog, {
          redirectTo: "/checkout?quote=abc",
          message: "Please sign in to pay",
          dismissable: false,
        }),
      ),
    );
    expect(html).toContain("Please sign in to pay");
    expect(html).toContain('href="/signin?redirectTo=%2Fcheckout%3Fquote%3Dabc"');
    expect(html).toContain('href="/signup?redirectTo=%2Fcheckout%3Fquote%3Dabc"');
    expect(html).not.toContain("<dialog");
    expect(html).not.toContain("<form");
  });
});

describe("SignInCard", () => {
  it("is a plain POST form to /signin, carrying redirectTo, with links to sign-up and password reset", async () => {
    const html = decode(await render(createElement(SignInCard, { headingLevel: 1, redirectTo: "/quote" })));
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/signin\?redirectTo=%2Fquote"/);
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/quote"/>');
    expect(html).toMatch(/<h1[^>]*>Sign In<\/h1>/);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('href="/signup?redirectTo=%2Fquote"');
    expect(html).toContain('href="/forgot-password"');
  });

  it("in a dialog: switches with a button, comes back to the dialog's page, and can close", async () => {
    const noop = () => {};
    const html = await render(createElement(SignInCard, { onSwitch: noop, onClose: noop, redirectTo: "/checkout" }));
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/checkout"/>');
    expect(html).toMatch(/<button type="button"[^>]*>Sign up<\/button>/);
    expect(html).not.toContain('href="/signup');
    expect(html).toContain('aria-label="Close"');
    expect(html).toMatch(/<h2[^>]*>Sign In<\/h2>/);
  });

  it("shows the server's answer from a post without JavaScript, never the password", async () => {
    const lastResult = {
      status: "error" as const,
      initialValue: { email: "alice@example.com" },
      error: { "": ["Authentication failed"] },
    };
    const html = await render(createElement(SignInCard, { headingLevel: 1, lastResult }));
    expect(html).toContain("Authentication failed");
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="alice@example.com"');
  });
});

describe("SignUpCard", () => {
  it("has the four fields and links back to sign-in with redirectTo", async () => {
    const html = decode(await render(createElement(SignUpCard, { headingLevel: 1, redirectTo: "/checkout" })));
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/signup\?redirectTo=%2Fcheckout"/);
    for (const name of ["username", "email", "password", "confirmPassword"]) expect(html).toContain(`name="${name}"`);
    expect(html).toContain("Full Name");
    expect(html).toContain('href="/signin?redirectTo=%2Fcheckout"');
  });

  it("shows 'Passwords do not match.' beside the confirmation", async () => {
    const lastResult = {
      status: "error" as const,
      initialValue: { username: "Sam", email: "sam@example.com" },
      error: { confirmPassword: ["Passwords do not match."] },
    };
    const html = await render(createElement(SignUpCard, { headingLevel: 1, lastResult }));
    expect(html).toContain("Passwords do not match.");
    expect(html).toContain('value="Sam"');
  });
});
