// User Management and Payment Tracking (sections 7 and 8): the JSON
// API routes (bad ids and values, a customer's token, an admin's own account), what deleting
// keeps, the audit rows, the pages' loaders and actions, and the CSV export read back.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { neutraliseFormula } from "~/domain/csv";
import { formatUkDateTime } from "~/domain/uk-datetime";
import * as paymentsPage from "~/routes/admin+/payments";
import * as paymentsCsvRoute from "~/routes/admin+/payments[.]csv";
import * as usersPage from "~/routes/admin+/users";
import { loader as apiPayments } from "~/routes/api+/admin.payments";
import { loader as apiUsers } from "~/routes/api+/admin.users";
import { action as apiDeleteUser } from "~/routes/api+/admin.users.$id";
import { action as apiUserStatus } from "~/routes/api+/admin.users.$id.status";
import { ADMIN_PAYMENT_MESSAGES } from "~/schemas/admin-payments";
import { ADMIN_USER_MESSAGES } from "~/schemas/admin-users";
import { getTokenUser } from "~/server/auth/api-auth.server";
import { getSessionUser } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { parseCsv } from "../support/parse-csv";
import {
  bearerFor,
  call,
  createAccount,
  flashedToasts,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
  unique,
} from "./auth-helpers";
import { createBooking } from "./factories";

type Account = Awaited<ReturnType<typeof createAccount>>;

let admin: Account;
let adminToken: string;
let adminCookie: string;
let customerToken: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminToken = await bearerFor(admin);
  adminCookie = await sessionCookie(admin);
  customerToken = await bearerFor(await createAccount());
});

const statusCall = (id: string, body: unknown, token = adminToken) =>
  call(
    apiUserStatus,
    jsonRequest(`/api/admin/users/${encodeURIComponent(id)}/status`, body, { method: "PUT", token }),
    { id },
  );
const deleteCall = (id: string, token = adminToken) =>
  call(apiDeleteUser, getRequestWith(`/api/admin/users/${encodeURIComponent(id)}`, "DELETE", token), { id });

function getRequestWith(path: string, method: string, token: string) {
  return new Request(`http://localhost${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
}

const auditRows = (targetId: string) =>
  db.auditLog.findMany({ where: { targetType: "User", targetId }, orderBy: { createdAt: "asc" } });

async function createPayment(
  overrides: Partial<{
    customerName: string;
    customerEmail: string;
    amountPence: number;
    status: "pending" | "succeeded" | "failed" | "refunded" | "processing" | "cancelled";
    providerPaymentId: string;
    bookingId: string | null;
    createdAt: Date;
  }> = {},
) {
  const id = unique();
  return db.payment.create({
    data: {
      provider: "stripe",
      providerPaymentId: overrides.providerPaymentId ?? `pi_${id}`,
      amountPence: overrides.amountPence ?? 12345,
      status: overrides.status ?? "succeeded",
      method: "card",
      customerName: overrides.customerName ?? `Payer ${id}`,
      customerEmail: overrides.customerEmail ?? `payer-${id}@example.com`,
      bookingId: overrides.bookingId ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    },
  });
}

// ---------------------------------------------------------------- users API

describe("GET /api/admin/users", () => {
  it("lists users newest first as the API's array, with paging headers", async () => {
    const newest = await createAccount();
    const outcome = await call(apiUsers, getRequest("/api/admin/users", { token: adminToken }));
    expect(outcome.status).toBe(200);
    expect(Array.isArray(outcome.body)).toBe(true);
    expect(outcome.body[0]).toEqual({
      id: newest.id,
      username: newest.username,
      email: newest.email,
      role: "customer",
      isActive: true,
      createdAt: newest.createdAt.toISOString(),
    });
    const dates = outcome.body.map((user: { createdAt: string }) => user.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Number(outcome.headers.get("x-total-count"))).toBe(await db.user.count());
    expect(outcome.headers.get("x-page")).toBe("1");
    expect(outcome.headers.get("cache-control")).toContain("no-store");
  });

  it("pages with ?page=N and links the pages", async () => {
    while ((await db.user.count()) <= 25) await createAccount();
    const first = await call(apiUsers, getRequest("/api/admin/users", { token: adminToken }));
    const second = await call(apiUsers, getRequest("/api/admin/users?page=2", { token: adminToken }));
    expect(first.body).toHaveLength(25);
    expect(first.headers.get("link")).toContain('</api/admin/users?page=2>; rel="next"');
    expect(second.headers.get("link")).toContain('</api/admin/users?page=1>; rel="prev"');
    const firstIds = new Set(first.body.map((user: { id: string }) => user.id));
    expect(second.body.some((user: { id: string }) => firstIds.has(user.id))).toBe(false);
  });

  it("refuses a customer's token with 403", async () => {
    const outcome = await call(apiUsers, getRequest("/api/admin/users", { token: customerToken }));
    expect(outcome.status).toBe(403);
    expect(outcome.body.error).toBe("Admin access required");
  });
});

describe("PUT /api/admin/users/:id/status", () => {
  it("deactivates: the user's sessions end, tokens are revoked, one audit row is written", async () => {
    const user = await createAccount();
    const cookie = await sessionCookie(user);
    const token = await bearerFor(user);
    expect(await getTokenUser(token)).not.toBeNull();

    const outcome = await statusCall(user.id, { isActive: false });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ success: true, user: { id: user.id, isActive: false } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await getTokenUser(token)).toBeNull();
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();

    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: "user.deactivate",
      details: { username: user.username, email: user.email, isActive: false },
    });

    // The same state again changes nothing and is not audited twice.
    expect((await statusCall(user.id, { isActive: false })).status).toBe(200);
    expect(await auditRows(user.id)).toHaveLength(1);

    const back = await statusCall(user.id, { isActive: true });
    expect(back.body.user.isActive).toBe(true);
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(["user.deactivate", "user.activate"]);
  });

  it("takes a form body's 'true'/'false' too", async () => {
    const user = await createAccount();
    const outcome = await call(
      apiUserStatus,
      formRequest(`/api/admin/users/${user.id}/status`, { isActive: "false" }, { method: "PUT", token: adminToken }),
      { id: user.id },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.user.isActive).toBe(false);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    for (const id of ["bad id!", "x".repeat(65), "../etc", ""]) {
      const outcome = await statusCall(id, { isActive: false });
      expect(outcome.status, id).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_USER_MESSAGES.invalidId);
    }
    const unknown = await statusCall(`c${unique()}`, { isActive: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(ADMIN_USER_MESSAGES.notFound);
  });

  it("answers 400 for a missing or non-boolean isActive, and for a body that is not JSON", async () => {
    const user = await createAccount();
    for (const body of [{}, { isActive: "yes" }, { isActive: 1 }, { isActive: null }, { active: false }]) {
      const outcome = await statusCall(user.id, body);
      expect(outcome.status, JSON.stringify(body)).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_USER_MESSAGES.invalidIsActive);
    }
    const garbage = await call(
      apiUserStatus,
      new Request(`http://localhost/api/admin/users/${user.id}/status`, {
        method: "PUT",
        body: "{nope",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      }),
      { id: user.id },
    );
    expect(garbage.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(true);
  });

  it("refuses an admin's own account with 400, a customer's token with 403, and POST with 405", async () => {
    const self = await statusCall(admin.id, { isActive: false });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(ADMIN_USER_MESSAGES.selfDeactivate);
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).isActive).toBe(true);

    const user = await createAccount();
    const customer = await statusCall(user.id, { isActive: false }, customerToken);
    expect(customer.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(true);

    const post = await call(
      apiUserStatus,
      jsonRequest(`/api/admin/users/${user.id}/status`, { isActive: false }, { token: adminToken }),
      { id: user.id },
    );
    expect(post.status).toBe(405);
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("deletes the account but keeps its bookings and payments as recorded, and audits it", async () => {
    const user = await createAccount();
    const booking = await createBooking("completed");
    await db.booking.update({
      where: { id: booking.id },
      data: { customerId: user.id, customerName: "Recorded Name", customerEmail: user.email },
    });
    const payment = await createPayment({
      bookingId: booking.id,
      customerName: "Recorded Name",
      customerEmail: user.email,
    });
    await sessionCookie(user);

    const outcome = await deleteCall(user.id);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      success: true,
      user: { id: user.id, email: user.email, username: user.username },
    });
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);

    const kept = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(kept.customerId).toBeNull();
    expect(kept).toMatchObject({
      customerName: "Recorded Name",
      customerEmail: user.email,
      status: "completed",
      finalPrice: booking.finalPrice,
    });
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      bookingId: booking.id,
      customerName: "Recorded Name",
      customerEmail: user.email,
      amountPence: 12345,
    });

    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: "user.delete",
      details: { username: user.username, email: user.email, role: "customer", bookingsKept: 1 },
    });

    const again = await deleteCall(user.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(ADMIN_USER_MESSAGES.notFound);
  });

  it("answers 400 for a malformed id, 400 for the admin's own account and 403 for a customer's token", async () => {
    const bad = await deleteCall("not valid!");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ADMIN_USER_MESSAGES.invalidId);

    const self = await deleteCall(admin.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(ADMIN_USER_MESSAGES.selfDelete);
    expect(await db.user.findUnique({ where: { id: admin.id } })).not.toBeNull();

    const user = await createAccount();
    expect((await deleteCall(user.id, customerToken)).status).toBe(403);
    expect(await db.user.findUnique({ where: { id: user.id } })).not.toBeNull();
    expect(await auditRows(user.id)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- /admin/users page

describe("/admin/users", () => {
  const pageRequest = (path: string, fields: Record<string, string>) =>
    formRequest(path, fields, { cookie: adminCookie });
  const fetcherRequest = (path: string, fields: Record<string, string>) =>
    formRequest(path, fields, { cookie: adminCookie, enhanced: true });

  it("loads the newest users with the admin's id, and the confirmation step of ?confirmDelete=<id>", async () => {
    const user = await createAccount();
    const outcome = await call(
      usersPage.loader,
      getRequest(`/admin/users?confirmDelete=${user.id}`, { cookie: adminCookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.adminId).toBe(admin.id);
    expect(outcome.body.users[0]).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      role: "customer",
      isActive: true,
    });
    expect(outcome.body.users[0].created).toMatch(/^\d{2} [A-Z][a-z]{2,3} \d{4}$/);
    expect(outcome.body.confirmDelete).toMatchObject({ id: user.id, email: user.email });

    const missing = await call(
      usersPage.loader,
      getRequest("/admin/users?confirmDelete=nobody", { cookie: adminCookie }),
    );
    expect(missing.body.confirmDelete).toBe("missing");
  });

  it("without JavaScript: a post changes the user, then redirects back to the list (without the confirmation step) with a toast", async () => {
    const user = await createAccount();
    const outcome = await call(
      usersPage.action,
      pageRequest("/admin/users?page=1", { intent: "deactivate", userId: user.id }),
    );
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/admin/users?page=1");
    expect(outcome.headers.get("set-cookie")).toBeTruthy();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(false);

    const deleted = await call(
      usersPage.action,
      pageRequest(`/admin/users?confirmDelete=${user.id}`, { intent: "delete", userId: user.id }),
    );
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/admin/users");
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(["user.deactivate", "user.delete"]);
  });

  it("with JavaScript (a fetcher): answers with data and flashes the toast; refusals say the product's words under the title Error", async () => {
    const user = await createAccount();
    const ok = await call(usersPage.action, fetcherRequest("/admin/users", { intent: "deactivate", userId: user.id }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect(await flashedToasts(ok)).toMatchObject([{ title: ADMIN_USER_MESSAGES.deactivated, variant: "success" }]);

    const self = await call(
      usersPage.action,
      fetcherRequest("/admin/users", { intent: "deactivate", userId: admin.id }),
    );
    expect(self.status).toBe(400);
    expect(await flashedToasts(self)).toMatchObject([
      {
        title: "Error",
        description: `Failed to update user status: ${ADMIN_USER_MESSAGES.selfDeactivate}`,
        variant: "error",
      },
    ]);

    const selfDelete = await call(
      usersPage.action,
      fetcherRequest("/admin/users", { intent: "delete", userId: admin.id }),
    );
    expect((await flashedToasts(selfDelete))[0]?.description).toBe(
      `Failed to delete user: ${ADMIN_USER_MESSAGES.selfDelete}`,
    );

    const unknown = await call(
      usersPage.action,
      pageRequest("/admin/users", { intent: "delete", userId: `c${unique()}`, via: "fetcher" }),
    );
    expect((await flashedToasts(unknown))[0]?.description).toBe(
      `Failed to delete user: ${ADMIN_USER_MESSAGES.notFound}`,
    );

    const badIntent = await call(
      usersPage.action,
      fetcherRequest("/admin/users", { intent: "promote", userId: user.id }),
    );
    expect((await flashedToasts(badIntent))[0]?.description).toMatch(/^Failed to update user status/);
    expect(await db.user.findUnique({ where: { id: admin.id } })).toMatchObject({ isActive: true });
  });

  it("shows 'Error loading users: {message}' when the list cannot be loaded", async () => {
    const html = await renderBoundary(usersPage.ErrorBoundary, new Error("database unreachable"));
    expect(html).toContain("Error loading users: database unreachable");
    expect(html).toContain("Back to Dashboard");
  });
});

async function renderBoundary(Boundary: () => unknown, error: Error) {
  const routes = [
    {
      path: "*",
      loader: () => Promise.reject(error),
      element: null,
      errorElement: createElement(Boundary as () => null),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/admin/users"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })).replace(
    /<!-- -->/g,
    "",
  );
}

// ---------------------------------------------------------------- payments

describe("GET /api/admin/payments", () => {
  it("lists payments newest first in pounds, with the API's fields, filtered by status and search", async () => {
    const tag = unique();
    const booking = await createBooking("assigned");
    const paid = await createPayment({
      customerName: `Alice ${tag}`,
      amountPence: 10805,
      status: "succeeded",
      bookingId: booking.id,
    });
    const failed = await createPayment({ customerName: `Bob ${tag}`, amountPence: 999, status: "failed" });

    const all = await call(apiPayments, getRequest(`/api/admin/payments?search=${tag}`, { token: adminToken }));
    expect(all.status).toBe(200);
    expect(all.body.map((payment: { id: string }) => payment.id)).toEqual([failed.id, paid.id]);
    expect(all.body[1]).toEqual({
      id: paid.id,
      customerName: `Alice ${tag}`,
      customerEmail: paid.customerEmail,
      amount: 108.05,
      currency: "GBP",
      status: "succeeded",
      paymentIntentId: paid.providerPaymentId,
      provider: "stripe",
      method: "card",
      kind: "payment",
      createdAt: paid.createdAt.toISOString(),
      updatedAt: paid.updatedAt.toISOString(),
      bookingId: booking.id,
      bookingReference: booking.reference,
      bookingStatus: "assigned",
    });

    const onlyFailed = await call(
      apiPayments,
      getRequest(`/api/admin/payments?search=${tag}&status=failed`, { token: adminToken }),
    );
    expect(onlyFailed.body.map((payment: { id: string }) => payment.id)).toEqual([failed.id]);
    const byEmail = await call(
      apiPayments,
      getRequest(`/api/admin/payments?search=${encodeURIComponent(paid.customerEmail.toUpperCase())}`, {
        token: adminToken,
      }),
    );
    expect(byEmail.body.map((payment: { id: string }) => payment.id)).toEqual([paid.id]);
    const byReference = await call(
      apiPayments,
      getRequest(`/api/admin/payments?search=${booking.reference.toLowerCase()}`, { token: adminToken }),
    );
    expect(byReference.body.map((payment: { id: string }) => payment.id)).toEqual([paid.id]);
  });

  it("answers 400 for an unknown status or an over-long search, 403 for a customer's token", async () => {
    const bad = await call(apiPayments, getRequest("/api/admin/payments?status=paid", { token: adminToken }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ADMIN_PAYMENT_MESSAGES.invalidStatus);
    const long = await call(
      apiPayments,
      getRequest(`/api/admin/payments?search=${"x".repeat(101)}`, { token: adminToken }),
    );
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(ADMIN_PAYMENT_MESSAGES.searchTooLong);
    const customer = await call(apiPayments, getRequest("/api/admin/payments", { token: customerToken }));
    expect(customer.status).toBe(403);
  });
});

describe("/admin/payments", () => {
  it("shows £ amounts, N/A for a missing payment id, UK dates, and the details of ?payment=<id>", async () => {
    const tag = unique();
    const booking = await createBooking("in_progress");
    // 14:05 UTC in July is 15:05 BST.
    const payment = await createPayment({
      customerName: `Carol ${tag}`,
      amountPence: 123456,
      status: "pending",
      providerPaymentId: " ",
      bookingId: booking.id,
      createdAt: new Date("2026-07-14T14:05:00Z"),
    });
    const outcome = await call(
      paymentsPage.loader,
      getRequest(`/admin/payments?search=${tag}&payment=${payment.id}`, { cookie: adminCookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.payments).toEqual([
      {
        id: payment.id,
        customerName: `Carol ${tag}`,
        customerEmail: payment.customerEmail,
        amount: "£1,234.56",
        kind: "Payment",
        status: "pending",
        testPayment: false,
        href: null,
        statusText: null,
        batch: null,
        paymentId: "N/A",
        date: "14 Jul 2026, 15:05",
      },
    ]);
    expect(outcome.body.details).toMatchObject({
      id: payment.id,
      customerName: `Carol ${tag}`,
      customerEmail: payment.customerEmail,
      amount: "£1,234.56",
      method: "card",
      status: "pending",
      created: "14 Jul 2026, 15:05",
      booking: { id: booking.id, reference: booking.reference, status: "in_progress" },
    });
    expect(outcome.body.details.updated).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

    const missing = await call(
      paymentsPage.loader,
      getRequest("/admin/payments?payment=nope", { cookie: adminCookie }),
    );
    expect(missing.body.details).toBe("missing");
  });

  it("keeps the list when a filter is bad, and says why beside the field", async () => {
    const outcome = await call(
      paymentsPage.loader,
      getRequest("/admin/payments?status=bogus", { cookie: adminCookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.filterErrors.status).toEqual([ADMIN_PAYMENT_MESSAGES.invalidStatus]);
    expect(outcome.body.payments.length).toBeGreaterThan(0);
  });

  it("shows 'Error loading payments' with the message when the list cannot be loaded", async () => {
    const html = await renderBoundary(paymentsPage.ErrorBoundary, new Error("timeout"));
    expect(html).toContain("Error loading payments: timeout");
  });
});

describe("formatUkDateTime", () => {
  it('writes "23 Nov 2026, 14:05" on the UK clock in winter and summer', () => {
    expect(formatUkDateTime(new Date("2026-11-23T14:05:00Z"))).toBe("23 Nov 2026, 14:05");
    expect(formatUkDateTime(new Date("2026-09-01T23:30:00Z"))).toBe("2 Sep 2026, 00:30");
  });
});

describe("GET /admin/payments.csv", () => {
  const csvCall = (query: string, cookie: string | null = adminCookie) =>
    call(paymentsCsvRoute.loader, getRequest(`/admin/payments.csv${query}`, { cookie }));

  it("downloads the filtered list as RFC 4180 CSV that reads back exactly, formulas neutralised", async () => {
    const tag = unique();
    const tricky = `Smith, "Jo"\nand co ${tag}`;
    const names = [
      tricky,
      `=HYPERLINK("http://evil.example","x") ${tag}`,
      `+44 ${tag}`,
      `-1+2 ${tag}`,
      `@SUM(A1) ${tag}`,
      `Plain ${tag}`,
    ];
    const created = [];
    for (const [index, name] of names.entries()) {
      created.push(
        await createPayment({
          customerName: name,
          amountPence: 1000 + index,
          status: index === 0 ? "failed" : "succeeded",
          createdAt: new Date(Date.UTC(2026, 10, 23, 10, index)),
        }),
      );
    }
    await createPayment({ customerName: `Someone else ${unique()}` });

    const outcome = await csvCall(`?search=${encodeURIComponent(tag)}`);
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("content-type")).toContain("text/csv");
    expect(outcome.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(outcome.body as string); // Response.text() drops the byte order mark
    expect(rows[0]).toEqual([
      "Customer Name",
      "Customer Email",
      "Amount (GBP)",
      "Status",
      "Payment ID",
      "Provider",
      "Method",
      "Booking Reference",
      "Booking Status",
      "Created (UK time)",
      "Updated (UK time)",
      "Invoice Number",
      "Kind",
    ]);
    const body = rows.slice(1);
    expect(body).toHaveLength(names.length);
    // Newest first.
    expect(body.map((row) => row[0])).toEqual([...names].reverse().map(neutraliseFormula));
    const trickyRow = body.at(-1)!;
    expect(trickyRow[0]).toBe(tricky);
    expect(trickyRow.slice(2, 7)).toEqual(["10.00", "failed", created[0]!.providerPaymentId, "stripe", "card"]);
    expect(trickyRow[9]).toBe("23 Nov 2026, 10:00");
    for (const row of body.slice(1, -1)) expect(row[0]).toMatch(/^'[=+\-@]/);
    expect(body[0]![0]).toBe(`Plain ${tag}`);

    const filtered = parseCsv((await csvCall(`?search=${encodeURIComponent(tag)}&status=failed`)).body as string);
    expect(filtered.slice(1).map((row) => row[0])).toEqual([tricky]);
  });

  it("starts with a UTF-8 byte order mark, so Excel reads £ and accents", async () => {
    const response = (await paymentsCsvRoute.loader({
      request: getRequest("/admin/payments.csv", { cookie: adminCookie }),
      params: {},
      context: {},
    })) as Response;
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("is for admins only, and refuses a bad filter with 400", async () => {
    const anonymous = await csvCall("", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const customer = await csvCall("", await sessionCookie(await createAccount()));
    expect(customer.location).toBe("/");
    const bad = await csvCall("?status=paid");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(ADMIN_PAYMENT_MESSAGES.invalidStatus);
  });
});
