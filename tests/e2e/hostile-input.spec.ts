// Hostile input and cross-site posts against the real server (the production build, with
// server-build.ts's wrappers), by plain HTTP as a browser without JavaScript would post:
//   - markup typed into every field of the form pages never comes back unescaped in the HTML
//     (tests/integration/hostile-input.test.ts tries the actions themselves with fast-check);
//   - a page post that is not a form (JSON, text, a broken multipart body, over 1 MB) is a
//     415/400/413 error page with its sentence, not a 500; the JSON API's limit is 413 JSON;
//   - a cross-origin post is refused with 403 on every page action (with or without a cookie)
//     and on every JSON API action that carries a cookie. The routes are found by file name.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { ROUTE_FILES, sampleRoute } from "../support/route-files";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "./fixtures";
import { appDb, randomIp, sessionCookieFor, uniqueEmail } from "./helpers";

const MARKER = `xss${Date.now().toString(36)}`;
const PAYLOADS = [
  `<script>alert("${MARKER}")</script>`,
  `"><img src=x onerror=alert("${MARKER}")>`,
  `</textarea></script><script>alert("${MARKER}")</script>`,
];
const RAW = [`<script>alert("${MARKER}")`, `<img src=x onerror=alert("${MARKER}")>`];

const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "username",
  "adminKey",
  "pickupAddress",
  "deliveryAddress",
  "moveDate",
  "moveTime",
  "vanSize",
  "helpers",
  "quoteId",
  "bookingId",
  "message",
  "content",
  "comment",
  "reason",
  "reply",
  "customerEmail",
  "customerName",
  "customerPhone",
  "specialRequirements",
  "cardNumber",
  "name",
  "phone",
  "location",
  "searchTerm",
  "status",
  "intent",
];

type Who = "visitor" | "customer" | "driver" | "admin";
const cookies: Partial<Record<Who, string>> = {};
let bookingId = "";

test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const db = await appDb();
  for (const role of ["customer", "driver", "admin"] as const) {
    const email = uniqueEmail(`hostile-${role}`);
    await db.user.create({ data: { username: `Hostile ${role}`, email, role } });
    const cookie = await sessionCookieFor(email, baseURL);
    cookies[role] = `${cookie.name}=${cookie.value}`;
  }
  const customer = await db.user.findFirstOrThrow({
    where: { username: "Hostile customer" },
    orderBy: { createdAt: "desc" },
  });
  const booking = await db.booking.create({
    data: {
      reference: `EM-${Date.now().toString(36).slice(-6).toUpperCase()}`,
      status: "assigned",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() + 10 * 86_400_000),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: "Hostile customer",
      customerEmail: customer.email,
      customerId: customer.id,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      originalPrice: 4200,
      finalPrice: 4200,
    },
  });
  bookingId = booking.id;
});

function post(
  request: APIRequestContext,
  url: string,
  {
    who = "visitor",
    origin,
    headers = {},
    ...body
  }: {
    who?: Who;
    origin?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    data?: string | Buffer;
  },
) {
  return request.post(url, {
    ...body,
    maxRedirects: 0,
    failOnStatusCode: false,
    headers: {
      "X-Forwarded-For": randomIp(),
      ...(origin ? { Origin: origin } : {}),
      ...(cookies[who as Who] ? { Cookie: cookies[who as Who]! } : {}),
      ...headers,
    },
  });
}

/**
 * A large POST that reads the answer as soon as it comes, as a browser does: the server may
 * answer 413 and close before the whole body is sent, so the rest of the upload is dropped.
 */
function postLarge(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)), "X-Forwarded-For": randomIp() },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    // Once the answer has begun, a reset of the unsent rest of the body is expected.
    request.on("error", (error) => reject(error));
    request.end(body);
  });
}

test.describe("markup typed into a form", () => {
  const pages: Array<[string, Who]> = [
    ["/", "visitor"],
    ["/quote", "visitor"],
    ["/calculator", "visitor"],
    ["/distance-calculator", "visitor"],
    ["/signin", "visitor"],
    ["/signup", "visitor"],
    ["/forgot-password", "visitor"],
    ["/reset-password/not-a-token", "visitor"],
    ["/admin/login", "visitor"],
    ["/admin/signup", "visitor"],
    ["/driver-registration", "visitor"],
    ["/checkout", "customer"],
    ["/booking-tracker?booking=BOOKING", "customer"],
    ["/bookings/BOOKING/help", "customer"],
    ["/bookings/BOOKING/rate", "customer"],
    ["/bookings/BOOKING/cancel", "customer"],
    ["/stripe-checkout?booking=BOOKING", "customer"],
    ["/embedded-checkout?booking=BOOKING", "customer"],
    ["/driver", "driver"],
    ["/admin/bookings", "admin"],
    ["/admin/users", "admin"],
    ["/admin/drivers", "admin"],
    ["/stripe-config", "admin"],
    ["/payment-test", "admin"],
  ];

  for (const [template, who] of pages) {
    test(`POST ${template.replace("BOOKING", ":id")} as ${who}: never a 500, never the markup raw`, async ({
      request,
      baseURL,
    }) => {
      const url = template.replace("BOOKING", bookingId);
      for (const payload of PAYLOADS) {
        const form = Object.fromEntries(FIELDS.map((field) => [field, payload]));
        const response = await post(request, url, { who, origin: baseURL, form });
        expect(response.status(), `${url} with ${payload}`).toBeLessThan(500);
        const html = await response.text();
        for (const raw of RAW) expect(html, `${url} sent back ${raw}`).not.toContain(raw);
        expect(response.headers().location ?? "", url).not.toContain("<");
      }
    });
  }
});

test.describe("a page post that is not a form", () => {
  test("JSON, text or no Content-Type is a 415 error page with its sentence", async ({ request, baseURL }) => {
    for (const [url, type] of [
      ["/signin", "application/json"],
      ["/quote", "text/plain"],
      ["/signup", ""],
    ]) {
      const response = await post(request, url, {
        origin: baseURL,
        data: '{"email":"a@example.com"}',
        headers: type ? { "Content-Type": type } : {},
      });
      expect(response.status(), `${url} as ${type || "no type"}`).toBe(415);
      expect(await response.text()).toContain(
        "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
      );
    }
  });

  test("a broken multipart body is a 400, on the driver application too", async ({ request, baseURL }) => {
    for (const url of ["/signup", "/calculator", "/driver-registration"]) {
      const response = await post(request, url, {
        origin: baseURL,
        data: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nunfinished',
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      });
      expect(response.status(), url).toBe(400);
      expect(await response.text(), url).toContain("The form could not be read. Please try again.");
    }
  });

  test("a form over 1 MB is a 413; a JSON API body over 1 MB is a 413 JSON", async ({ baseURL }) => {
    const form = new URLSearchParams({ email: "a@example.com", password: "x".repeat(1024 * 1024 + 10) }).toString();
    const page = await postLarge(`${baseURL}/signin`, form, {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseURL!,
    });
    expect(page.status).toBe(413);
    expect(page.body).toContain("The form is too large (the limit is 1 MB).");
    const api = await postLarge(
      `${baseURL}/api/quotes/calculate`,
      JSON.stringify({ padding: "x".repeat(1024 * 1024 + 10) }),
      { "Content-Type": "application/json" },
    );
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body).message).toBe("The request body is too large (the limit is 1 MB)");
  });

  test("a bodiless post without a Content-Type still works (Log out)", async ({ request, baseURL }) => {
    const response = await post(request, "/logout", { origin: baseURL });
    expect(response.status()).toBe(302);
  });
});

test("a NUL byte in a URL or a form is a 400, never a 500", async ({ request, baseURL }) => {
  const get = (url: string, who: Who) =>
    request.get(url, {
      maxRedirects: 0,
      failOnStatusCode: false,
      headers: cookies[who] ? { Cookie: cookies[who]! } : {},
    });
  const checkout = await get("/checkout?booking=%00", "customer");
  expect(checkout.status()).toBe(400);
  expect(await checkout.text()).toContain("The request contains characters that cannot be used (such as a NUL byte).");
  for (const [url, who] of [
    ["/booking-tracker?booking=%00", "customer"],
    ["/bookings/%00/cancel", "customer"],
    ["/sandbox-checkout/%00", "visitor"],
    ["/admin/bookings?search=%00", "admin"],
    ["/api/admin/bookings?search=%00", "admin"],
    ["/uploads/%00", "admin"],
  ] as const) {
    expect((await get(url, who)).status(), url).toBeLessThan(500);
  }
  const form = await post(request, "/paypal-checkout", {
    who: "customer",
    origin: baseURL,
    form: { bookingId: "\u0000" },
  });
  expect(form.status()).toBe(400);
});

// ------------------------------------------------------------------ cross-origin posts

/** Every route with an action: its URL (params filled in) and whether it is a page. */
function actionRoutes() {
  return (
    ROUTE_FILES.map((route) => ({ ...route, source: fs.readFileSync(path.resolve(route.file.slice(1)), "utf8") }))
      // An action of its own, or one re-exported from another route (export { action, … } from).
      .filter(({ source }) => /export (async function|const) action\b|export \{[^}]*\baction\b/.test(source))
      .map(({ name, source }) => ({
        name,
        // An index route's action is posted to with ?index (Remix's rule).
        url: name === "_index" ? "/?index" : sampleRoute(name, () => "csrf-test-id").path,
        page: /export default function|export \{[^}]*\bdefault\b/.test(source),
      }))
  );
}

test.describe("a cross-origin post", () => {
  const routes = actionRoutes();

  test("finds the page actions and the JSON API actions", () => {
    expect(routes.filter((route) => route.page).map((route) => route.url)).toEqual(
      expect.arrayContaining([
        "/signin",
        "/checkout",
        "/admin/bookings",
        "/driver",
        "/booking-tracker",
        "/paypal-checkout-new",
        "/?index",
      ]),
    );
    expect(routes.filter((route) => route.page).length).toBeGreaterThanOrEqual(27);
    expect(routes.filter((route) => !route.page).length).toBeGreaterThanOrEqual(26);
    expect(routes.filter((route) => !route.page).map((route) => route.url)).toEqual(
      expect.arrayContaining(["/api/quotes/calculate", "/api/admin/booking/csrf-test-id/update", "/logout"]),
    );
  });

  test("is refused with 403 by every page action, with or without a cookie", async ({ request }) => {
    const answers: string[] = [];
    for (const { url } of routes.filter((route) => route.page)) {
      for (const who of ["visitor", "customer", "admin"] as const) {
        const response = await post(request, url, {
          who,
          origin: "https://evil.example",
          form: { email: "attacker@example.com", password: "attacker-password" },
        });
        // Under /admin the layout's loader, run to draw the error page, sends a non-admin to
        // sign in or home instead: the action did not run either way.
        const guarded =
          url.startsWith("/admin/") &&
          who !== "admin" &&
          response.status() === 302 &&
          /^\/(admin\/login|$)/.test(response.headers().location ?? "");
        if (response.status() !== 403 && !guarded)
          answers.push(`${url} as ${who}: ${response.status()} ${response.headers().location ?? ""}`);
      }
    }
    expect(answers).toEqual([]);
  });

  test("is refused with 403 by every JSON API action, with a cookie or without; a client that sends no Origin (not a browser) passes", async ({
    request,
    baseURL,
  }) => {
    for (const { url } of routes.filter((route) => !route.page)) {
      const forged = await post(request, url, {
        who: "customer",
        origin: "https://evil.example",
        data: "{}",
        headers: { "Content-Type": "application/json" },
      });
      expect(forged.status(), url).toBe(403);
      expect(await forged.text(), url).toContain("Cross-site request refused.");
      const sameSite = await post(request, url, {
        who: "customer",
        origin: baseURL,
        data: "{}",
        headers: { "Content-Type": "application/json" },
      });
      expect(await sameSite.text(), `${url} from its own origin`).not.toContain("Cross-site request refused.");
    }
    // A fresh client, with no cookie from the posts above: from another origin still a 403
    // (the server refuses every cross-site post); with no Origin at all, an API client's call.
    const client = await playwrightRequest.newContext({ baseURL });
    const crossSite = await post(client, "/api/quotes/calculate", {
      origin: "https://evil.example",
      data: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(crossSite.status()).toBe(403);
    const apiClient = await post(client, "/api/quotes/calculate", {
      data: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(apiClient.status()).toBe(400);
    await client.dispose();
  });
});
