// Our HTTP server (server.ts) through real sockets: the client's address (the socket's peer,
// or the trusted proxies' X-Forwarded-For walked from the right), security headers on static
// files and errors, one body cap before any handler reads, the cross-site check, compression,
// an access log without secrets, and a graceful shutdown. The routes are a small build of
// their own, plus the real sign-in API (its per-address limit against a rotating header).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as apiSignIn from "~/routes/api+/auth.signin";
import { logger } from "~/server/platform/logger.server";
import type { Readiness } from "~/server/platform/readiness.server";
import { createApp, startServer, type AppBuild, type AppOptions } from "../../server";

const SITE_URL = "https://easymove.example";

let slowRequestStarted: () => void = () => {};
let readinessAnswer: Readiness = { ready: true, database: "ok", migrations: "ok" };
const lifecycleCalls: string[] = [];

function route(id: string, routePath: string, module: Record<string, unknown>) {
  return { id, path: routePath, parentId: "root", module } as unknown as ServerBuild["routes"][string];
}

const build = {
  mode: "production",
  future: { v3_singleFetch: true },
  entry: { module: { default: () => new Response("document"), handleError: () => {} } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    echo: route("echo", "echo", {
      loader: ({ context }: { context: { clientAddress?: string } }) =>
        Response.json({ clientAddress: context.clientAddress }),
      action: async ({ request }: { request: Request }) =>
        Response.json({ bytes: (await request.arrayBuffer()).byteLength }),
    }),
    upload: route("upload", "api/drivers/upload-chunk", {
      action: async ({ request }: { request: Request }) =>
        Response.json({ bytes: (await request.arrayBuffer()).byteLength }),
    }),
    big: route("big", "big", {
      loader: () => new Response("EasyMove ".repeat(20_000), { headers: { "Content-Type": "text/plain" } }),
    }),
    events: route("events", "events", {
      loader: () => new Response("data: hello\n\n", { headers: { "Content-Type": "text/event-stream" } }),
    }),
    slow: route("slow", "slow", {
      loader: async () => {
        slowRequestStarted();
        await new Promise((resolve) => setTimeout(resolve, 400));
        return new Response("finished");
      },
    }),
    reset: route("reset", "reset-password/:token", { loader: () => new Response("reset page") }),
    boom: route("boom", "boom", {
      loader: () => {
        throw new Error("a bug");
      },
    }),
    signin: route("api.auth.signin", "api/auth/signin", apiSignIn),
  },
  assets: { version: "test", url: "", entry: { module: "", imports: [] }, routes: {} },
  publicPath: "/",
  assetsBuildDirectory: "",
  isSpaMode: false,
  lifecycle: {
    async readiness() {
      return readinessAnswer;
    },
    async endLiveStreams() {
      lifecycleCalls.push("endLiveStreams");
    },
    async closeDatabase() {
      lifecycleCalls.push("closeDatabase");
    },
  },
} as unknown as AppBuild;

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-server-test-"));
fs.mkdirSync(path.join(clientDir, "assets"));
fs.mkdirSync(path.join(clientDir, "images"));
fs.writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log('hello');");
fs.writeFileSync(path.join(clientDir, "images", "van.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; socketPort: number | undefined };

/** One request through a real socket; `agent` keeps its connection for the next. */
function send(
  base: string,
  target: string,
  {
    method = "GET",
    headers = {},
    body,
    agent,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string | Buffer[]; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(target, base), { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
          socketPort: response.socket?.localPort,
        }),
      );
    });
    request.on("error", reject);
    if (Array.isArray(body)) {
      // No Content-Length: a chunked body, written piece by piece.
      for (const piece of body) request.write(piece);
      request.end();
    } else request.end(body);
  });
}

async function listen(options: Partial<AppOptions>) {
  const { app } = createApp({ build, clientDir, siteUrl: SITE_URL, ...options });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: http.Server[] = [];
let direct: string; // no proxy in front: TRUSTED_PROXY_HOPS=0
let behindOneProxy: string;
let behindTwoProxies: string;

beforeAll(async () => {
  const started = await Promise.all([
    listen({ trustedProxyHops: 0 }),
    listen({ trustedProxyHops: 1 }),
    listen({ trustedProxyHops: 2 }),
  ]);
  servers.push(...started.map((entry) => entry.server));
  [direct, behindOneProxy, behindTwoProxies] = started.map((entry) => entry.base);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const addressSeenBy = async (base: string, forwardedFor?: string) =>
  JSON.parse(
    (await send(base, "/echo", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} })).body.toString(),
  ).clientAddress;

describe("the client's address", () => {
  it("is the socket's peer by default: X-Forwarded-For and X-Real-IP are the client's own words", async () => {
    expect(await addressSeenBy(direct)).toBe("127.0.0.1");
    expect(await addressSeenBy(direct, "203.0.113.9")).toBe("127.0.0.1");
    const withRealIp = await send(direct, "/echo", {
      headers: { "X-Real-IP": "203.0.113.9", "X-Forwarded-For": "198.51.100.1" },
    });
    expect(JSON.parse(withRealIp.body.toString()).clientAddress).toBe("127.0.0.1");
  });

  it("behind one proxy, is the entry that proxy appended, whatever the client put before it", async () => {
    expect(await addressSeenBy(behindOneProxy, "203.0.113.9")).toBe("203.0.113.9");
    expect(await addressSeenBy(behindOneProxy, "1.2.3.4, 5.6.7.8, 203.0.113.9")).toBe("203.0.113.9");
    expect(await addressSeenBy(behindOneProxy)).toBe("127.0.0.1");
  });

  it("behind two proxies, skips the inner proxy's own entry", async () => {
    expect(await addressSeenBy(behindTwoProxies, "1.2.3.4, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
  });

  it("keys an IPv6 client by its /64", async () => {
    expect(await addressSeenBy(behindOneProxy, "2001:db8:1:2::77")).toBe("2001:db8:1:2::/64");
  });

  it("lets no client past the sign-in limit by rotating X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt++) {
      const answer = await send(direct, "/api/auth/signin", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${attempt + 1}` },
        body: JSON.stringify({ email: `nobody-${attempt}-${Date.now()}@example.com`, password: "wrong-password" }),
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
        break;
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(50);
  }, 60_000);
});

describe("security headers", () => {
  const expectHardened = (headers: http.IncomingHttpHeaders) => {
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  };

  it("are on static scripts and images, which are cached as they should be", async () => {
    const script = await send(direct, "/assets/entry-abc123.js");
    expect(script.status).toBe(200);
    expectHardened(script.headers);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await send(direct, "/images/van.svg");
    expect(image.status).toBe(200);
    expectHardened(image.headers);
    expect(image.headers["cache-control"]).toBe("public, max-age=3600");
    // Only the build's files are files: a folder or anything else goes to the routes (no
    // redirect to a folder's slash, no look on the disk).
    for (const notAFile of ["/images", "/images/", "/images/other.svg"]) {
      const answer = await send(direct, notAFile);
      expect([answer.status, answer.body.toString()]).toEqual([200, "document"]);
    }
  });

  it("are on refusals and on a route's crash, which tells the client nothing of the bug", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const crashed = await send(direct, "/boom");
      expect(crashed.status).toBe(500);
      expectHardened(crashed.headers);
      expect(crashed.body.toString()).not.toContain("a bug");
    } finally {
      quiet.mockRestore();
    }
    const refused = await send(direct, "/echo", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: "x",
    });
    expectHardened(refused.headers);
  });

  it("never hide a route's own policy, and say nothing of Express", async () => {
    const answer = await send(direct, "/echo");
    expectHardened(answer.headers);
    expect(answer.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("the body cap", () => {
  it("answers 413 before the route reads a body over 1 MB, and the connection stays usable", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await send(direct, "/echo", {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/octet-stream", Origin: direct },
        body: Buffer.alloc(2 * 1024 * 1024, 1),
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.toString()).toContain("the limit is 1 MB");
      const next = await send(direct, "/echo", { agent });
      expect(next.status).toBe(200);
      expect(next.socketPort).toBe(tooLarge.socketPort);
    } finally {
      agent.destroy();
    }
  });

  it("answers the API in JSON", async () => {
    const answer = await send(direct, "/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: Buffer.alloc(1024 * 1024 + 1, 32),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toEqual({
      error: expect.stringContaining("too large"),
      message: expect.stringContaining("too large"),
    });
  });

  it("counts a chunked body as it arrives", async () => {
    const piece = Buffer.alloc(256 * 1024, 1);
    const tooLarge = await send(direct, "/echo", { method: "POST", body: [piece, piece, piece, piece, piece] });
    expect(tooLarge.status).toBe(413);
    const fine = await send(direct, "/echo", { method: "POST", body: [piece, piece] });
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.body.toString()).bytes).toBe(512 * 1024);
  });

  it("lets an upload route take its own larger limit", async () => {
    const chunk = await send(direct, "/api/drivers/upload-chunk", {
      method: "POST",
      body: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    expect(chunk.status).toBe(200);
    expect(JSON.parse(chunk.body.toString()).bytes).toBe(2 * 1024 * 1024);
  });
});

describe("the cross-site check", () => {
  const post = (headers: Record<string, string>) =>
    send(direct, "/echo", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "a=1",
    });

  it("refuses a post from another origin, page or API, with a cookie or without", async () => {
    expect((await post({ Origin: "https://evil.example", Cookie: "__session=x" })).status).toBe(403);
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Referer: "https://evil.example/page" })).status).toBe(403);
    expect(
      (
        await send(direct, "/api/auth/signin", {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(403);
  });

  it("refuses a post with neither Origin nor Referer that the browser says another site sent", async () => {
    const answer = await post({ "Sec-Fetch-Site": "cross-site", Cookie: "__session=x" });
    expect(answer.status).toBe(403);
    expect(answer.body.toString()).toBe("Cross-site request refused.");
  });

  it("lets the site's own pages and non-browser clients through", async () => {
    expect((await post({ Origin: direct })).status).toBe(200);
    expect((await post({ Origin: SITE_URL })).status).toBe(200);
    expect((await post({ Referer: `${direct}/checkout` })).status).toBe(200);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });
});

describe("compression", () => {
  it("compresses pages and leaves event streams alone", async () => {
    const page = await send(direct, "/big", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toContain("EasyMove");
    const stream = await send(direct, "/events", { headers: { "Accept-Encoding": "gzip" } });
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body.toString()).toBe("data: hello\n\n");
  });
});

describe("the access log", () => {
  it("writes one line a request, with no reset token in it", async () => {
    const { server, base } = await listen({ accessLog: true });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    try {
      await send(base, "/reset-password/super-secret-token-123?x=1");
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      spy.mockRestore();
      server.closeAllConnections();
      server.close();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ 127\.0\.0\.1 "GET \/reset-password\/\[redacted\]\?x=1" 200 /);
    expect(lines[0]).not.toContain("super-secret-token-123");
  });
});

describe("graceful shutdown", () => {
  it("stops accepting, ends live streams, finishes the requests in flight, then closes the database", async () => {
    lifecycleCalls.length = 0;
    const { server, stop } = await startServer({ build, clientDir, port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = new Promise<void>((resolve) => (slowRequestStarted = resolve));
    const inFlight = send(base, "/slow");
    await started;
    const stopped = stop();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("finished");
    expect(answer.headers.connection).toBe("close");
    await stopped;
    expect(lifecycleCalls).toEqual(["endLiveStreams", "closeDatabase"]);
    await expect(send(base, "/echo")).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("request ids", () => {
  it("gives every response an id, keeps a well-formed one from the proxy, and replaces anything else", async () => {
    const own = await send(direct, "/echo");
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await send(direct, "/echo", { headers: { "X-Request-Id": "nginx-4f9a2c1e0b7d" } })).headers["x-request-id"],
    ).toBe("nginx-4f9a2c1e0b7d");
    const forged = await send(direct, "/echo", { headers: { "X-Request-Id": 'x"; drop table' } });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("are in the JSON access log, whose URL is redacted as the text log's is", async () => {
    const { server, base } = await listen({ accessLog: true, jsonLogs: true });
    const entries: Record<string, unknown>[] = [];
    const spy = vi
      .spyOn(logger, "info")
      .mockImplementation(((fields: Record<string, unknown>) => void entries.push(fields)) as never);
    try {
      const answer = await send(base, "/reset-password/super-secret-token-123?x=1");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        requestId: answer.headers["x-request-id"],
        request: { method: "GET", url: "/reset-password/[redacted]?x=1", status: 200, clientAddress: "127.0.0.1" },
      });
      expect(JSON.stringify(entries)).not.toContain("super-secret-token-123");
    } finally {
      spy.mockRestore();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("/metrics", () => {
  const token = "metrics-token-for-the-tests-0123456789abcdef";

  it("is not served without METRICS_TOKEN, nor to a request without the token", async () => {
    expect((await send(direct, "/metrics")).status).toBe(404);
    const { server, base } = await listen({ metricsToken: token });
    try {
      expect((await send(base, "/metrics")).status).toBe(404);
      expect((await send(base, "/metrics", { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("answers Prometheus text: request durations by route pattern and status, and the app's gauges", async () => {
    const { server, base } = await listen({ metricsToken: token });
    try {
      await send(base, "/echo");
      await send(base, "/no-such-page-clx0123456789abcdefghijk");
      const answer = await send(base, "/metrics", { headers: { Authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toContain("text/plain");
      const text = answer.body.toString();
      expect(text).toMatch(
        /easymove_http_request_duration_seconds_count\{method="GET",route="\/echo",status="200"\} \d+/,
      );
      expect(text).toContain('route="(no route)",status="404"');
      expect(text).not.toContain("clx0123456789abcdefghijk");
      for (const name of [
        "easymove_event_streams_open",
        "easymove_db_errors_total",
        "easymove_payments_total",
        "easymove_emails_in_flight",
        "easymove_emails_total",
        "easymove_db_pool_connections",
        "process_resident_memory_bytes",
      ])
        expect(text).toContain(`# TYPE ${name}`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("/readyz", () => {
  it("is 200 when the build says ready, 503 'not ready' when not, with the reason in the log only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      readinessAnswer = { ready: true, database: "ok", migrations: "ok" };
      const ready = await send(direct, "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body.toString())).toEqual({ status: "ready", ready: true });
      readinessAnswer = { ready: false, database: "ok", migrations: "pending", pending: ["20990101000000_next"] };
      const pending = await send(direct, "/readyz");
      expect(pending.status).toBe(503);
      // The public learns nothing of the release: no migration names, no database state.
      expect(JSON.parse(pending.body.toString())).toEqual({ status: "not ready", ready: false });
      expect(pending.body.toString()).not.toContain("20990101000000_next");
      await send(direct, "/readyz");
      // The operator's log names them, once while the reason stays the same.
      const lines = logged.mock.calls.map((call) => call.join(" "));
      expect(lines.filter((line) => line.includes("migrations not applied yet: 20990101000000_next"))).toHaveLength(1);
    } finally {
      logged.mockRestore();
      readinessAnswer = { ready: true, database: "ok", migrations: "ok" };
      await send(direct, "/readyz");
    }
  });

  it("answers 503 from the moment a drain starts, while requests are still served", async () => {
    const { server, stop } = await startServer({ build, clientDir, port: 0, host: "127.0.0.1", drainSeconds: 0.5 });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await send(base, "/readyz")).status).toBe(200);
    const stopped = stop();
    const draining = await send(base, "/readyz");
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body.toString())).toMatchObject({ status: "draining" });
    expect((await send(base, "/echo")).status).toBe(200); // still taking requests until the drain ends
    await stopped;
    await expect(send(base, "/echo")).rejects.toThrow(/ECONNREFUSED/);
  });
});
