// nginx in front, as users deploy it: deploy/nginx.conf (TLS, HTTP/2, two instances) run by
// the real nginx from Debian's packages. Through it: many live streams share one HTTP/2
// connection and hear a change made on either instance; rate limits see each client's own
// address, not nginx's; uploads and the Stripe webhook pass within their limits, larger ones
// are refused; assets are cached; and an instance stopped mid-load costs no request.
import http2 from "node:http2";
import https from "node:https";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  TRACKED,
  postForm,
  quoteBody,
  serveApp,
  signInCookie,
  signInToken,
  sleep,
  startDatabase,
  trackedMoveToday,
  type App,
  type TestDatabase,
} from "../harness";
import { record, saveLog } from "../report";
import { startNginx, type Nginx } from "./programs";

const APP_PORTS = [4472, 4473] as const;
const DB_PORT = 4492;
const HTTP_PORT = 4479;
const HTTPS_PORT = 4443;
const API_LIMIT = 10;

let database: TestDatabase;
let apps: App[] = [];
let nginx: Nginx;

beforeAll(async () => {
  database = await startDatabase("proxy", DB_PORT);
  const siteUrl = `https://localhost:${HTTPS_PORT}`;
  apps = await Promise.all(
    APP_PORTS.map((port) =>
      serveApp(database, port, {
        SITE_URL: siteUrl,
        STRIPE_WEBHOOK_SECRET: "whsec_proxy_test_secret",
        TRUSTED_PROXY_HOPS: "1",
        API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
      }),
    ),
  );
  nginx = await startNginx(path.join(database.folder, "nginx"), [...APP_PORTS], HTTP_PORT, HTTPS_PORT);
});

afterAll(async () => {
  await nginx?.stop();
  if (nginx) saveLog("proxy-nginx.log", `${nginx.output()}\n${nginx.accessLog()}`);
  await Promise.all(apps.map((app) => app.stop()));
  apps.forEach((app, index) => saveLog(`proxy-app-${index}.log`, app.output()));
  await database?.remove();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One HTTPS request through nginx (HTTP/1.1), from the local address given (127.0.0.x). */
function request(
  pathname: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
    agent,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
    agent?: https.Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = https.request(
      `https://localhost:${HTTPS_PORT}${pathname}`,
      { method, headers, rejectUnauthorized: false, localAddress, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

const origin = `https://localhost:${HTTPS_PORT}`;

describe("nginx in front (deploy/nginx.conf)", () => {
  it("speaks HTTP/2 over TLS: eight live trackers share one connection, and each hears a change made on either instance", async () => {
    const [{ id: bookingId }] = await database.query<{ id: string }>(`select id from "Booking" where reference = $1`, [
      TRACKED.reference,
    ]);
    await trackedMoveToday(database);
    const token = await signInToken(apps[0]!, TRACKED.customer, DEMO_PASSWORD);
    const session = http2.connect(origin, { rejectUnauthorized: false });
    const streams = Array.from({ length: 8 }, () => {
      const stream = session.request({
        ":path": `/api/bookings/${bookingId}/events`,
        authorization: `Bearer ${token}`,
        accept: "text/event-stream",
      });
      let text = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (text += chunk));
      return { stream, text: () => text };
    });
    const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
        await sleep(50);
      }
    };
    try {
      await until(() => streams.every((entry) => entry.text().includes("event: ready")), "every stream's ready event");
      // One TCP connection carried all eight (a browser over HTTP/1.1 stops at six).
      expect(session.alpnProtocol).toBe("h2");
      const driverCookie = await signInCookie(apps[1]!, TRACKED.driver, DEMO_PASSWORD);
      const sentAt = Date.now();
      // The change is made on instance 2 directly; the streams are spread over both.
      const moved = await postForm(
        { ...apps[1]!, url: apps[1]!.url },
        "/driver",
        { bookingId, status: "en_route", etaMinutes: "25" },
        { cookie: driverCookie, headers: { Origin: origin } },
      );
      expect(moved.status).toBe(303);
      await until(
        () => streams.every((entry) => entry.text().includes("event: change")),
        "every stream's change event",
      );
      const heardAfter = Date.now() - sentAt;
      for (const entry of streams) entry.stream.close();
      await sleep(300); // nginx writes a request's log line when it ends
      const upstreams = new Set(
        nginx
          .accessLog()
          .split("\n")
          .filter((line) => line.includes(`/api/bookings/${bookingId}/events`))
          .map((line) => /127\.0\.0\.1:(\d+)/.exec(line.split('"')[2] ?? "")?.[1]),
      );
      record([
        `8 event streams over one HTTP/2 connection (ALPN ${session.alpnProtocol}); served by instances on ${[...upstreams].join(" and ")}`,
        `a driver's change on :${APP_PORTS[1]} heard on all 8 streams through nginx after ${heardAfter} ms`,
      ]);
      expect(upstreams.size).toBe(2);
    } finally {
      session.close();
    }
  });

  it("rate limits see each client's own address, not nginx's, whatever X-Forwarded-For a client sends", async () => {
    const post = (index: number, localAddress: string) =>
      request("/api/quotes/calculate", {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${index}` },
        body: JSON.stringify(quoteBody(index)),
      });
    const first: number[] = [];
    for (let index = 0; index < API_LIMIT + 2; index++) first.push((await post(index, "127.0.0.2")).status);
    const second = (await post(0, "127.0.0.3")).status;
    record([
      `client 127.0.0.2, ${API_LIMIT + 2} quote calls with a new forged X-Forwarded-For each: ${first.join(" ")}`,
      `client 127.0.0.3 then: ${second}`,
    ]);
    expect(first.slice(0, API_LIMIT)).toEqual(Array(API_LIMIT).fill(200));
    expect(first.slice(API_LIMIT)).toEqual([429, 429]);
    expect(second).toBe(200);
  });

  it("passes an upload chunk and the Stripe webhook within their limits, and refuses larger bodies with a 413", async () => {
    const page = await request("/driver-registration");
    const uploadCookie = ([] as string[])
      .concat(page.headers["set-cookie"] ?? [])
      .find((line) => line.startsWith("__uploads="))
      ?.split(";")[0];
    expect(uploadCookie).toBeTruthy();
    const chunkBody = (size: number, fileId: string) => {
      const boundary = "----easymove-proxy-test";
      const fields = {
        chunkIndex: "0",
        totalChunks: "2",
        fileId,
        fileName: "van.jpg",
        fileType: "image/jpeg",
        field: "vehiclePhoto",
      };
      const parts = Object.entries(fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      const head = `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      return {
        body: Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]),
        type: `multipart/form-data; boundary=${boundary}`,
      };
    };
    const send = (size: number, fileId: string) => {
      const { body, type } = chunkBody(size, fileId);
      return request("/api/drivers/upload-chunk", {
        method: "POST",
        body,
        headers: { "Content-Type": type, Cookie: uploadCookie!, Origin: origin },
      });
    };
    const full = await send(5 * 1024 * 1024, `proxyfull${Date.now()}`);
    const overApp = await send(5.5 * 1024 * 1024, `proxyover${Date.now()}`);
    const overProxy = await send(7 * 1024 * 1024, `proxyhuge${Date.now()}`);
    const webhookBody = JSON.stringify({
      id: "evt_proxy",
      type: "payment_intent.succeeded",
      padding: "x".repeat(900_000),
    });
    const webhook = await request("/api/webhooks/stripe", {
      method: "POST",
      body: webhookBody,
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=forged" },
    });
    record([
      `a full 5 MB upload chunk: ${full.status}; 5.5 MB (over the app's chunk limit): ${overApp.status} from the app; 7 MB: ${overProxy.status} from nginx`,
      `a 0.9 MB Stripe webhook with a forged signature: ${webhook.status} from the app (${webhook.body.slice(0, 80)})`,
    ]);
    expect(full.status, full.body).toBe(200);
    expect(overApp.status).toBe(413);
    expect(JSON.parse(overApp.body).error).toMatch(/too large/);
    expect(overProxy.status).toBe(413);
    expect(overProxy.body).toContain("nginx");
    expect(webhook.status).toBe(400); // the app's answer: the body arrived whole, its signature was checked
    expect(JSON.parse(webhook.body).error).toBe("Invalid signature");
    expect(webhook.headers["content-type"]).toContain("application/json");
  });

  it("caches fingerprinted assets, which browsers may keep for a year", async () => {
    const home = await request("/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)![0];
    const first = await request(asset);
    const second = await request(asset);
    record([
      `${asset}: ${first.headers["cache-control"]}; nginx cache ${first.headers["x-cache-status"]} then ${second.headers["x-cache-status"]}`,
    ]);
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toContain("immutable");
    expect(second.headers["x-cache-status"]).toBe("HIT");
  });

  it("an instance stopped mid-load costs no request: nginx sends what it could not deliver to the other", async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 20, rejectUnauthorized: false });
    const statuses = new Map<string, number>();
    let stopAt = 0;
    let running = true;
    const paths = ["/", "/calculator", "/healthz", "/london-services"];
    const worker = async (index: number) => {
      let count = 0;
      while (running) {
        const target = paths[(index + count++) % paths.length]!;
        const key = await request(target, { agent }).then(
          (answer) => String(answer.status),
          (error: Error) => `error ${error.message}`,
        );
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    };
    const startedAt = Date.now();
    const workers = Array.from({ length: 20 }, (_, index) => worker(index));
    await sleep(2_000);
    stopAt = Date.now();
    const stopped = apps[0]!.stop();
    await sleep(4_000);
    running = false;
    await Promise.all(workers);
    await stopped;
    agent.destroy();
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const summary = [...statuses.entries()].map(([key, count]) => `${key}: ${count}`).join(", ");
    record([
      `${total} requests by 20 clients over 6 s; instance :${APP_PORTS[0]} stopped (SIGTERM, graceful) at ${((stopAt - startedAt) / 1000).toFixed(1)} s: ${summary}`,
    ]);
    expect([...statuses.keys()]).toEqual(["200"]);
  });
});
