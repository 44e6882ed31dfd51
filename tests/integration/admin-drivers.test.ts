// Driver vetting: /admin/drivers (loader and the Approve / Decline form, with and without
// JavaScript), POST /api/admin/drivers/:id/status, the driver's account and set-password
// e-mail on approval, idempotent and parallel approvals, declining, and the audit log.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const { root } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const root = mkdtempSync(join(tmpdir(), "easymove-admin-drivers-"));
  vi.stubEnv("UPLOAD_DIR", join(root, "private"));
  vi.stubEnv("OUTBOX_DIR", join(root, "outbox"));
  return { root };
});

const page = await import("~/routes/admin+/drivers");
const api = await import("~/routes/api+/admin.drivers.$id.status");
const uploads = await import("~/routes/uploads.$");
const { db } = await import("~/server/platform/db.server");
const { readOutbox } = await import("./messages");
const { findValidResetToken, getSessionUser } = await import("~/server/auth/auth.server");
const { takeToasts } = await import("~/server/platform/toast.server");
const { decideDriver, documentHref, listDrivers, SET_PASSWORD_LINK_HOURS } =
  await import("~/server/admin/drivers.server");
const { ADMIN_DRIVER_MESSAGES } = await import("~/schemas/admin-drivers");
const { bearerFor, call, createAccount, flashedToasts, formRequest, getRequest, jsonRequest, sessionCookie, unique } =
  await import("./auth-helpers");

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const admin = await createAccount({ role: "admin" });
const adminCookie = await sessionCookie(admin);
const adminToken = await bearerFor(admin);

// Drivers made here are "applied" in the future, so they head the newest-first list.
let future = Date.now() + 24 * 60 * 60 * 1000;

async function createDriver(
  overrides: Partial<{
    approvalStatus: "pending" | "approved" | "declined";
    ratingTenths: number | null;
    completedJobs: number;
    email: string;
    name: string;
  }> = {},
) {
  const id = unique();
  future += 60_000;
  return db.driver.create({
    data: {
      name: overrides.name ?? `Applicant ${id}`,
      email: overrides.email ?? `applicant-${id}@example.com`,
      phone: "07700 900555",
      experience: "3-5",
      vanType: "large",
      location: "Gateshead",
      approvalStatus: overrides.approvalStatus ?? "pending",
      ratingTenths: overrides.ratingTenths ?? null,
      completedJobs: overrides.completedJobs ?? 0,
      agreementAcceptedAt: new Date(),
      createdAt: new Date(future),
    },
  });
}

const statusPath = (id: string) => `/api/admin/drivers/${id}/status`;
const callApi = (id: string, body: unknown, options: Parameters<typeof jsonRequest>[2] = { token: adminToken }) =>
  call(api.action, jsonRequest(statusPath(id), body, options), { id });
const postForm = (fields: Record<string, string>, query = "", { enhanced = false } = {}) =>
  call(page.action, formRequest(`/admin/drivers${query}`, fields, { cookie: adminCookie, enhanced }));
const fetcherPost = (fields: Record<string, string>) => postForm(fields, "", { enhanced: true });
const audits = (driverId: string) =>
  db.auditLog.findMany({ where: { targetType: "Driver", targetId: driverId }, orderBy: { createdAt: "asc" } });
const linkIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe("the list (/admin/drivers loader)", () => {
  it("shows every status newest first, with details, N/A rating, 0 jobs and links to the documents", async () => {
    const older = await createDriver({ approvalStatus: "declined", ratingTenths: 46, completedJobs: 12 });
    const newer = await createDriver();
    fs.mkdirSync(path.join(root, "private"), { recursive: true });
    fs.writeFileSync(path.join(root, "private", `${newer.id}-licence.pdf`), "%PDF-1.4 test");
    await db.storedFile.createMany({
      data: [
        {
          driverId: newer.id,
          kind: "vehiclePhoto",
          storageKey: `uploads/${newer.id}-van.png`,
          originalName: "van.png",
          mimeType: "image/png",
          sizeBytes: 10,
        },
        {
          driverId: newer.id,
          kind: "license",
          storageKey: `uploads/${newer.id}-licence.pdf`,
          originalName: "licence.pdf",
          mimeType: "application/pdf",
          sizeBytes: 13,
        },
      ],
    });

    const outcome = await call(page.loader, getRequest("/admin/drivers", { cookie: adminCookie }));
    expect(outcome.status).toBe(200);
    const [first, second] = outcome.body.drivers;
    expect(first).toMatchObject({
      id: newer.id,
      name: newer.name,
      email: newer.email,
      phone: "07700 900555",
      experience: "3-5 years",
      vanType: "Large Van",
      location: "Gateshead",
      status: "pending",
      rating: "N/A",
      completedJobs: 0,
    });
    expect(first.appliedOn).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // Licence first, then the vehicle photo; each through the authenticated /uploads/* route.
    expect(first.documents.map((document: { label: string; href: string }) => [document.label, document.href])).toEqual(
      [
        ["Driver's licence", `/uploads/${newer.id}-licence.pdf`],
        ["Vehicle photo", `/uploads/${newer.id}-van.png`],
      ],
    );
    expect(second).toMatchObject({ id: older.id, status: "declined", rating: "4.6", completedJobs: 12, documents: [] });

    // The link opens the document for an admin, and for no one else.
    const href = first.documents[0].href as string;
    const splat = { "*": href.replace(/^\/uploads\//, "") };
    const served = await call(uploads.loader, getRequest(href, { cookie: adminCookie }), splat);
    expect(served.status).toBe(200);
    expect(served.body).toBe("%PDF-1.4 test");
    const customer = await createAccount();
    expect(
      (await call(uploads.loader, getRequest(href, { cookie: await sessionCookie(customer) }), splat)).status,
    ).toBe(403);
  });

  it("pages the list on the server (?page=N) and keeps count", async () => {
    const [a, b, c] = [await createDriver(), await createDriver(), await createDriver()];
    const one = await listDrivers({ page: 1, take: 2 });
    const two = await listDrivers({ page: 2, take: 2 });
    expect(one.drivers.map((driver) => driver.id)).toEqual([c.id, b.id]);
    expect(two.drivers[0]!.id).toBe(a.id);
    expect(one.info).toMatchObject({ page: 1, pageSize: 2, total: await db.driver.count() });
    const beyond = await call(page.loader, getRequest("/admin/drivers?page=99999", { cookie: adminCookie }));
    expect(beyond.body.drivers).toEqual([]);
    expect(beyond.body.info.page).toBe(99999);
  });

  it("sends non-admins away", async () => {
    const customer = await createAccount();
    expect(
      (await call(page.loader, getRequest("/admin/drivers", { cookie: await sessionCookie(customer) }))).location,
    ).toBe("/");
    expect((await call(page.loader, getRequest("/admin/drivers"))).location).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdrivers",
    );
  });

  it("links a document path as the API gives it", () => {
    expect(documentHref("uploads/abc.pdf")).toBe("/uploads/abc.pdf");
    expect(documentHref("/uploads/abc.pdf")).toBe("/uploads/abc.pdf");
    expect(documentHref("https://files.example.com/a.pdf")).toBe("https://files.example.com/a.pdf");
    expect(documentHref("javascript:alert(1)")).toBeNull();
  });
});

describe("approving", () => {
  it("creates the driver's account (no password), links it, audits it and e-mails a set-password link, once", async () => {
    const driver = await createDriver();
    const outcome = await callApi(driver.id, { status: "approved" });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      success: true,
      changed: true,
      emailSent: true,
      driver: { id: driver.id, approvalStatus: "approved" },
    });

    const row = await db.driver.findUniqueOrThrow({ where: { id: driver.id }, include: { user: true } });
    expect(row.approvalStatus).toBe("approved");
    expect(row.reviewedById).toBe(admin.id);
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(row.user).toMatchObject({
      email: driver.email,
      username: driver.name,
      role: "driver",
      passwordHash: null,
      isActive: true,
    });
    expect(outcome.body.driver.userId).toBe(row.userId);

    const mail = await readOutbox(driver.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("approved");
    const token = linkIn(mail[0]!.text);
    expect(token).toBeTruthy();
    expect(await findValidResetToken(token!)).toMatchObject({ user: { id: row.userId, email: driver.email } });
    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { userId: row.userId! } });
    const hours = (stored.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(SET_PASSWORD_LINK_HOURS - 1);
    expect(hours).toBeLessThanOrEqual(SET_PASSWORD_LINK_HOURS);

    const trail = await audits(driver.id);
    expect(trail).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "driver.approve",
        details: expect.objectContaining({ from: "pending", userId: row.userId, accountCreated: true }),
      }),
    ]);

    // Approving again changes nothing and sends nothing.
    const again = await callApi(driver.id, { status: "approved" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      changed: false,
      emailSent: false,
      driver: { approvalStatus: "approved", userId: row.userId },
    });
    expect(await readOutbox(driver.email)).toHaveLength(1);
    expect(await audits(driver.id)).toHaveLength(1);
    expect(await db.user.count({ where: { email: driver.email } })).toBe(1);
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).reviewedAt).toEqual(row.reviewedAt);
  });

  it("20 parallel approvals of one driver make one account, one e-mail and one audit row", async () => {
    const driver = await createDriver();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => callApi(driver.id, { status: "approved" })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill(200));
    expect(outcomes.filter((outcome) => outcome.body.changed)).toHaveLength(1);
    expect(await db.user.count({ where: { email: driver.email } })).toBe(1);
    expect(await readOutbox(driver.email)).toHaveLength(1);
    expect((await audits(driver.id)).map((entry) => entry.action)).toEqual(["driver.approve"]);
    const user = await db.user.findUniqueOrThrow({ where: { email: driver.email } });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).userId).toBe(user.id);
  });

  it("turns an existing customer account with the driver's e-mail into the driver's account", async () => {
    const customer = await createAccount();
    const driver = await createDriver({ email: customer.email });
    const outcome = await callApi(driver.id, { status: "approved" });
    expect(outcome.body.driver.userId).toBe(customer.id);
    expect(await db.user.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      role: "driver",
      isActive: true,
    });
    expect(await db.user.count({ where: { email: customer.email } })).toBe(1);
    expect(await readOutbox(customer.email)).toHaveLength(1);
    expect((await audits(driver.id))[0]!.details).toMatchObject({ accountCreated: false, userId: customer.id });
  });

  it("refuses (409) to make an admin's account a driver's", async () => {
    const other = await createAccount({ role: "admin" });
    const driver = await createDriver({ email: other.email });
    const outcome = await callApi(driver.id, { status: "approved" });
    expect(outcome.status).toBe(409);
    expect(outcome.body.error).toBe(ADMIN_DRIVER_MESSAGES.adminEmail);
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).approvalStatus).toBe("pending");
    expect(await db.user.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ role: "admin" });
    expect(await audits(driver.id)).toEqual([]);
    expect(await readOutbox(other.email)).toEqual([]);
  });
});

describe("declining", () => {
  it("declines a pending driver (no account made) and audits it", async () => {
    const driver = await createDriver();
    const outcome = await callApi(driver.id, { status: "declined" });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ changed: true, driver: { approvalStatus: "declined", userId: null } });
    expect(await db.user.count({ where: { email: driver.email } })).toBe(0);
    // The applicant hears the answer: one kind e-mail, with whom to ask.
    const mail = await readOutbox(driver.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: "Your EasyMove driver application" });
    expect(mail[0]!.text).toContain("we cannot offer you work with us at the moment");
    expect(mail[0]!.text).toContain("welcome to apply again");
    // Declining again changes nothing and sends nothing.
    await callApi(driver.id, { status: "declined" });
    expect(await readOutbox(driver.email)).toHaveLength(1);
    const row = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
    expect(row).toMatchObject({ approvalStatus: "declined", reviewedById: admin.id });
    expect((await audits(driver.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ["driver.decline", admin.id],
    ]);
    // Declining again changes nothing.
    expect((await callApi(driver.id, { status: "declined" })).body.changed).toBe(false);
    expect(await audits(driver.id)).toHaveLength(1);
  });

  it("disables an approved driver's account (its session stops working); approving again enables the same account", async () => {
    const driver = await createDriver();
    await callApi(driver.id, { status: "approved" });
    const { userId } = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
    const driverCookie = await sessionCookie({ id: userId!, role: "driver" });
    expect(await getSessionUser(getRequest("/", { cookie: driverCookie }))).toMatchObject({ id: userId });

    const declined = await callApi(driver.id, { status: "declined" });
    expect(declined.body).toMatchObject({ changed: true, driver: { approvalStatus: "declined" } });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId! } })).isActive).toBe(false);
    expect(await getSessionUser(getRequest("/", { cookie: driverCookie }))).toBeNull();

    const approved = await callApi(driver.id, { status: "approved" });
    expect(approved.body).toMatchObject({ changed: true, driver: { approvalStatus: "approved", userId } });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId! } })).isActive).toBe(true);
    expect(await db.user.count({ where: { email: driver.email } })).toBe(1);
    // Set a password, declined, set a password again.
    expect((await readOutbox(driver.email)).map((mail) => mail.subject)).toEqual([
      "Your EasyMove driver application is approved: set your password",
      "Your EasyMove driver application",
      "Your EasyMove driver application is approved: set your password",
    ]);
    expect((await audits(driver.id)).map((entry) => entry.action)).toEqual([
      "driver.approve",
      "driver.decline",
      "driver.approve",
    ]);
  });
});

describe("POST /api/admin/drivers/:id/status refuses", () => {
  it("a bad status with 400 and a clear message, changing nothing", async () => {
    const driver = await createDriver();
    for (const body of [{ status: "pending" }, { status: "APPROVED" }, { status: 1 }, {}]) {
      const outcome = await callApi(driver.id, body);
      expect(outcome.status, JSON.stringify(body)).toBe(400);
      expect(outcome.body).toMatchObject({
        error: ADMIN_DRIVER_MESSAGES.invalidStatus,
        fieldErrors: { status: [ADMIN_DRIVER_MESSAGES.invalidStatus] },
      });
    }
    const notJson = await call(
      api.action,
      formRequest(statusPath(driver.id), { status: "approved" }, { token: adminToken }),
      { id: driver.id },
    );
    expect(notJson.status).toBe(400);
    const broken = await call(
      api.action,
      new Request(`http://localhost${statusPath(driver.id)}`, {
        method: "POST",
        body: "{",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      }),
      { id: driver.id },
    );
    expect(broken.status).toBe(400);
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).approvalStatus).toBe("pending");
    expect(await audits(driver.id)).toEqual([]);
  });

  it("an unknown id with 404 and a malformed one with 400", async () => {
    const unknown = await callApi("cl0000000000000000000000", { status: "approved" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(ADMIN_DRIVER_MESSAGES.notFound);
    for (const id of ["x".repeat(65), "a b", "../etc", "' or 1=1 --"]) {
      const outcome = await callApi(id, { status: "approved" });
      expect(outcome.status, id).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_DRIVER_MESSAGES.invalidId);
    }
  });

  it("a customer's or driver's token with 403, no credentials with 401, and GET-like methods with 405", async () => {
    const driver = await createDriver();
    for (const role of ["customer", "driver"] as const) {
      const outcome = await callApi(
        driver.id,
        { status: "approved" },
        { token: await bearerFor(await createAccount({ role })) },
      );
      expect(outcome.status).toBe(403);
      expect(outcome.body.error).toBe("Admin access required");
    }
    expect((await callApi(driver.id, { status: "approved" }, {})).status).toBe(401);
    expect((await callApi(driver.id, { status: "approved" }, { token: adminToken, method: "PUT" })).status).toBe(405);
    // An admin's session cookie is as good as a token.
    expect((await callApi(driver.id, { status: "declined" }, { cookie: adminCookie })).status).toBe(200);
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).approvalStatus).toBe("declined");
  });
});

describe("the page's Approve / Decline form", () => {
  it("without JavaScript: redirects back (same page) with a toast", async () => {
    const driver = await createDriver();
    const outcome = await postForm({ driverId: driver.id, status: "approved" }, "?page=2");
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/admin/drivers?page=2");
    const { toasts } = await takeToasts(getRequest("/admin/drivers", { cookie: outcome.headers.get("set-cookie") }));
    expect(toasts).toEqual([expect.objectContaining({ title: "Driver approved", variant: "success" })]);
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).approvalStatus).toBe("approved");
    expect(await readOutbox(driver.email)).toHaveLength(1);
    expect((await audits(driver.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ["driver.approve", admin.id],
    ]);
  });

  it("with JavaScript (fetcher): answers with data and flashes the toast; failures say 'Failed to update driver status to {status}'", async () => {
    const driver = await createDriver();
    const declined = await fetcherPost({ driverId: driver.id, status: "declined" });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ ok: true });
    expect(await flashedToasts(declined)).toEqual([
      expect.objectContaining({ title: "Driver declined", variant: "success" }),
    ]);

    const bad = await fetcherPost({ driverId: driver.id, status: "banana" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ok: false });
    expect(await flashedToasts(bad)).toMatchObject([
      {
        title: "Failed to update driver status to banana",
        description: ADMIN_DRIVER_MESSAGES.invalidStatus,
        variant: "error",
      },
    ]);

    const missing = await fetcherPost({ driverId: "cl0000000000000000000000", status: "approved" });
    expect(missing.status).toBe(404);
    expect((await flashedToasts(missing))[0]).toMatchObject({
      title: "Failed to update driver status to approved",
      description: ADMIN_DRIVER_MESSAGES.notFound,
    });

    const unchanged = await fetcherPost({ driverId: driver.id, status: "declined" });
    expect((await flashedToasts(unchanged))[0]?.title).toBe(`No change: ${driver.name} is already declined`);
    expect((await audits(driver.id)).map((entry) => entry.action)).toEqual(["driver.decline"]);
  });

  it("without JavaScript, a failure comes back as an error toast too", async () => {
    const outcome = await postForm({ status: "approved" });
    expect(outcome.status).toBe(303);
    const { toasts } = await takeToasts(getRequest("/admin/drivers", { cookie: outcome.headers.get("set-cookie") }));
    expect(toasts).toEqual([
      expect.objectContaining({ title: "Failed to update driver status to approved", variant: "error" }),
    ]);
  });

  it("is for admins only", async () => {
    const driver = await createDriver();
    const customer = await createAccount();
    const outcome = await call(
      page.action,
      formRequest(
        "/admin/drivers",
        { driverId: driver.id, status: "approved" },
        { cookie: await sessionCookie(customer) },
      ),
    );
    expect(outcome.location).toBe("/");
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).approvalStatus).toBe("pending");
  });
});

describe("decideDriver", () => {
  it("says not_found for an unknown driver", async () => {
    expect(await decideDriver(admin.id, "cl0000000000000000000000", "declined")).toEqual({ status: "not_found" });
  });
});
