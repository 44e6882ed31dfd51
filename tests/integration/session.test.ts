import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { getSessionUser, startUserSession } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { runWithRequestId } from "~/server/platform/request-context.server";
import { flashToast, takeToasts } from "~/server/platform/toast.server";
import { createUser, requestWithCookie } from "./factories";

const url = "http://localhost/";

describe("server sessions", () => {
  it("know the signed-in user from the cookie", async () => {
    const user = await createUser({ username: "Sam Session" });
    const cookie = await startUserSession(new Request(url), user);
    const found = await getSessionUser(requestWithCookie(url, cookie));
    expect(found).toMatchObject({ id: user.id, username: "Sam Session", role: "customer" });
  });

  it("forget a deactivated user at once", async () => {
    const user = await createUser();
    const cookie = await startUserSession(new Request(url), user);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await getSessionUser(requestWithCookie(url, cookie))).toBeNull();
  });

  it("end on logout, on the server too", async () => {
    const user = await createUser();
    const cookie = await startUserSession(new Request(url), user);
    const response = await logoutAction({
      request: requestWithCookie(url, cookie, { method: "POST" }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(302);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getSessionUser(requestWithCookie(url, cookie))).toBeNull();
  });

  it("are read once for a page's loaders, and afresh for a post or another request", async () => {
    const user = await createUser();
    const cookie = await startUserSession(new Request(url), user);
    // Inside one page request (server.ts runs each in its own context), the root's loader and
    // the route's share the first lookup: the session ended between them is seen only by the next.
    await runWithRequestId("page-request-1", async () => {
      expect(await getSessionUser(requestWithCookie(url, cookie))).toMatchObject({ id: user.id });
      await db.session.deleteMany({ where: { userId: user.id } });
      expect(await getSessionUser(requestWithCookie(url, cookie))).toMatchObject({ id: user.id });
      // An action may end the session or the account itself: a post reads again.
      expect(await getSessionUser(requestWithCookie(url, cookie, { method: "POST" }))).toBeNull();
    });
    await runWithRequestId("page-request-2", async () => {
      expect(await getSessionUser(requestWithCookie(url, cookie))).toBeNull();
    });
    // Outside a request (a job, a script) every call reads.
    expect(await getSessionUser(requestWithCookie(url, cookie))).toBeNull();
  });

  it("are ignored when the cookie is forged", async () => {
    const request = requestWithCookie(url, "__session=eyJzZXNzaW9uSWQiOiJ4In0%3D.forged");
    expect(await getSessionUser(request)).toBeNull();
  });
});

describe("toasts", () => {
  it("are flashed through the session, at most three, and read once", async () => {
    let cookie: string | null = null;
    for (const title of ["one", "two", "three", "four"]) {
      cookie = await flashToast(requestWithCookie(url, cookie), { title });
    }
    const first = await takeToasts(requestWithCookie(url, cookie));
    expect(first.toasts.map((toast) => toast.title)).toEqual(["two", "three", "four"]);
    expect(first.toasts[0]).toMatchObject({ variant: "default", durationMs: 5000 });
    const second = await takeToasts(requestWithCookie(url, first.setCookie));
    expect(second.toasts).toEqual([]);
  });
});

describe("root loader", () => {
  it("gives the page the user and public configuration, never a secret", async () => {
    const user = await createUser({ username: "Root Reader" });
    const cookie = await startUserSession(new Request(url), user);
    const result = await rootLoader({ request: requestWithCookie(url, cookie), params: {}, context: {} });
    const payload = JSON.stringify(result.data);
    expect(result.data.user?.username).toBe("Root Reader");
    expect(result.data.config.brandName).toBe("EasyMove");
    expect(payload).not.toContain(env.SESSION_SECRET);
    expect(payload).not.toContain(env.ENCRYPTION_KEY);
    expect(payload).not.toContain("DATABASE_URL");
  });
});
