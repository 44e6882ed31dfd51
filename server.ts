// EasyMove's HTTP server: Express with Remix's official adapter (@remix-run/express, which
// remix-serve is built on). It owns what a Remix route cannot see, or must not have to do,
// before the route runs:
//   - the client's address: the socket's peer or, behind TRUSTED_PROXY_HOPS proxies, the
//     address the outermost trusted one appended to X-Forwarded-For (Express's `trust proxy`
//     walks it from the right); loaders and actions get it as context.clientAddress;
//   - security headers on every response, static files and error pages included;
//   - one body-size cap before anything reads a body (server/body-limits.server.ts): a 413;
//   - the cross-site check on every state-changing request (server/csrf.server.ts): a 403;
//   - anonymous visitors of the pages that allow it served from a render shared for a few
//     seconds (server/platform/shared-render.server.ts), in production;
//   - each request's id (X-Request-Id, from the proxy or made here), in every log line of it
//     and passed on to e-mails and payment calls (server/platform/request-context.server.ts);
//   - compression, an access log with no secrets in it (JSON lines in production), graceful
//     shutdown, and WEB_CONCURRENCY worker processes;
//   - /readyz (readiness: 503 while draining, or without the database or a migration) and
//     /metrics (Prometheus, behind METRICS_TOKEN; the workers' counts added up).
// `npm start` runs it on the production build, `npm run dev` with Vite in middleware mode
// (NODE_ENV=development), and the tests start it as `tsx server.ts`.
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { readdirSync, realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import { AggregatorRegistry } from "prom-client";
import { accessLogFields, accessLogLine } from "~/server/platform/access-log.server";
import { bodyLimitFor, MB } from "~/server/platform/body-limits.server";
import { clientAddressKey } from "~/server/platform/client-address.server";
import { CSRF_FORBIDDEN_MESSAGE, crossSiteReason } from "~/server/platform/csrf.server";
import { env } from "~/server/platform/env.server";
import { logger, routeConsoleToLogger } from "~/server/platform/logger.server";
import { metrics, routeLabel } from "~/server/platform/metrics.server";
import type { Readiness } from "~/server/platform/readiness.server";
import { currentVisitorOrigin, requestIdFrom, runWithRequestId } from "~/server/platform/request-context.server";
import { SERVICE_WORKER_CSP, securityHeaders } from "~/server/platform/security-headers.server";
import { listenUrl, visitorOriginOf } from "~/server/platform/site-url.server";

/** The server build, with the hooks of a graceful shutdown and the shared renders (app/server-build.ts). */
export type AppBuild = ServerBuild & {
  lifecycle?: {
    startBackgroundJobs?(): void;
    endLiveStreams(): Promise<void>;
    closeDatabase(): Promise<void>;
    readiness?(): Promise<Readiness>;
  };
  createSharedRenders?: typeof import("~/server-build").createSharedRenders;
};

export type AppOptions = {
  /** The server build, or a function that loads it for each request (Vite in development). */
  build: AppBuild | (() => Promise<AppBuild>);
  /** The client build's folder, served as static files (production). */
  clientDir?: string;
  /** Vite's middlewares (development), which serve the modules and assets instead. */
  viteMiddlewares?: express.RequestHandler;
  mode?: "production" | "development";
  trustedProxyHops?: number;
  siteUrl?: string;
  /**
   * A local demo without SITE_URL: each request's own origin, when its Host names this machine
   * (or `listenHost`), is where the app's absolute addresses point (env.server.ts siteUrl()).
   */
  followVisitorOrigin?: { listenHost?: string };
  accessLog?: boolean;
  /** Access lines as JSON objects (production) rather than text. */
  jsonLogs?: boolean;
  /** /metrics answers only "Authorization: Bearer <token>"; unset, it is not served (404). */
  metricsToken?: string;
  /** Every worker's metrics added up (several workers); unset, this process's own. */
  clusterMetrics?: () => Promise<string>;
};

/** Over this, an oversized body is not read to its end for the 413: the connection closes. */
const MAX_DRAINED_BYTES = 16 * MB;

/** How long a stopping server lets just-opened connections deliver their request. */
const CONNECTION_SETTLE_MS = 1_000;

/** How long a shutdown waits for requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A refusal in the caller's language: JSON for the API, a plain sentence for pages. */
function refuse(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith("/api/")) res.status(status).json({ error: message, message });
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}

function tooLarge(req: Request, res: Response, limit: number, closeConnection: boolean) {
  // Small excess: Node reads the rest of the body and drops it, so the connection stays usable.
  if (closeConnection) res.setHeader("Connection", "close");
  const megabytes = Math.round((limit / MB) * 10) / 10;
  // The words the API's and the pages' own readers use for the same refusal.
  const message = req.path.startsWith("/api/")
    ? `The request body is too large (the limit is ${megabytes} MB)`
    : `The form is too large (the limit is ${megabytes} MB).`;
  refuse(req, res, 413, message);
}

/** 413 before any handler reads a body larger than the route's limit. */
function capBodies(req: Request, res: Response, next: NextFunction) {
  if (BODYLESS_METHODS.has(req.method)) return next();
  const limit = bodyLimitFor(req.path);
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const length = Number(declared);
    if (length > limit) return tooLarge(req, res, limit, length > MAX_DRAINED_BYTES);
    return next();
  }
  if (req.headers["transfer-encoding"] === undefined) return next();
  // A chunked body has no length to check first: it is counted as the route reads it.
  let received = 0;
  req.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit && !res.headersSent) tooLarge(req, res, limit, true);
  });
  next();
}

/** Whether an Authorization header carries the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string) {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return header !== undefined && timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/** 403 for a state-changing request that another site's page sent. */
function refuseCrossSite(siteUrl: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const reason = crossSiteReason(
      {
        method: req.method,
        url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
        headers: { get: (name) => req.get(name) ?? null },
      },
      { siteUrl },
    );
    if (reason) return refuse(req, res, 403, CSRF_FORBIDDEN_MESSAGE);
    // Checked here, more strictly than Remix's own host-only check, which would answer a 500
    // to every form behind a proxy that rewrites Host.
    delete req.headers.origin;
    next();
  };
}

/** Answers anonymous visitors of the pages that allow it from a shared render; others go on to Remix. */
function serveSharedRenders(
  createSharedRenders: NonNullable<AppBuild["createSharedRenders"]>,
  remix: ReturnType<typeof createRemixHandler>,
  siteUrl = "http://localhost",
) {
  // One set of renders per origin: a single one in production (SITE_URL). A local demo that
  // follows its visitors' origins (127.0.0.1:4123, localhost:4123) keeps each origin's pages
  // apart, since their addresses differ; a handful at most.
  const caches = new Map<string, ReturnType<typeof createSharedRenders>>();
  const cacheFor = (origin: string | undefined) => {
    const key = origin ?? siteUrl;
    let cache = caches.get(key);
    if (!cache) {
      if (caches.size >= 16) caches.clear();
      cache = createSharedRenders((path) =>
        runWithRequestId(
          requestIdFrom(undefined),
          () =>
            remix(new Request(new URL(path, key), { headers: { Accept: "text/html" } }), {
              clientAddress: "shared-render",
              sharedRender: true,
            }),
          origin,
        ),
      );
      caches.set(key, cache);
    }
    return cache;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    const cache = cacheFor(currentVisitorOrigin());
    if (!cache.accepts({ method: req.method, path: req.path, url: req.originalUrl, cookie: req.headers.cookie }))
      return next();
    try {
      const answer = await cache.respond(req.path, req.headers["if-none-match"]);
      if (!answer) return next();
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      if (answer.status === 304) return res.status(304).end();
      res.status(200).send(answer.body);
    } catch (error) {
      // The page is rendered for this visitor instead (and fails, or not, on its own).
      console.error("A shared render failed:", error);
      next();
    }
  };
}

/** Why an instance is not ready, in a sentence for the operator's log. */
function notReadyReason(state: Partial<Readiness>) {
  if (state.database === "unreachable") return "the database does not answer";
  if (state.migrations === "pending") return `migrations not applied yet: ${state.pending?.join(", ")}`;
  if (state.jobs === "not running") return "the job workers are not running (yet)";
  return "not ready";
}

let lastNotReady: string | null = null;
/** Logs the reason an instance is not ready when it changes, and when it is ready again. */
function reportReadiness(reason: string | null) {
  if (reason === lastNotReady) return;
  if (reason) console.error(`Not ready: ${reason}.`);
  else console.log("Ready again.");
  lastNotReady = reason;
}

/**
 * The client build's files outside assets/ (icons, images, the service worker), listed once at
 * start: the build does not change while it is served, and a page's path then costs no lookup
 * on the disk (express.static alone stats every path it is asked for).
 */
function servePublicFiles(clientDir: string) {
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const serve = express.static(clientDir, { maxAge: "1h" });
  return (req: Request, res: Response, next: NextFunction) => (files.has(req.path) ? serve(req, res, next) : next());
}

export function createApp(options: AppOptions) {
  const { mode = "production", trustedProxyHops = 0, siteUrl, accessLog = false, jsonLogs = false } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustedProxyHops);
  let closing = false;
  const defaultHeaders = securityHeaders();
  const loadBuild = async () => (typeof options.build === "function" ? await options.build() : options.build);

  app.use((req, res, next) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    const { followVisitorOrigin } = options;
    const visitorOrigin = followVisitorOrigin
      ? visitorOriginOf(req.protocol, req.headers.host, followVisitorOrigin.listenHost)
      : undefined;
    runWithRequestId(requestId, next, visitorOrigin);
  });
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // Every response gets the security headers; those a page set itself (its CSP) stay.
    onHeaders(res, () => {
      for (const [name, value] of defaultHeaders) if (!res.hasHeader(name)) res.setHeader(name, value);
      if (closing) res.setHeader("Connection", "close");
    });
    // "close" comes after "finish", and also when the client let go of the socket before the
    // response was flushed (a busy machine): every request is counted and logged once.
    res.once("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      metrics.requestDuration.observe(
        { method: req.method, route: routeLabel(req.path, res.statusCode), status: String(res.statusCode) },
        durationMs / 1000,
      );
      if (!accessLog) return;
      const entry = {
        at: new Date(),
        clientAddress: clientAddressKey(req.ip),
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        durationMs,
        bytes: Number(res.getHeader("content-length")) || undefined,
      };
      if (jsonLogs)
        logger.info({ request: accessLogFields(entry), requestId: res.getHeader("X-Request-Id") }, "request");
      else console.log(accessLogLine(entry));
    });
    next();
  });
  app.use(capBodies);
  app.use(refuseCrossSite(siteUrl));
  // Event streams are left alone: each event must leave at once, not wait in a zlib buffer.
  // Brotli with a 256 KB window rather than its default 4 MB: our documents are smaller than
  // that, so nothing compresses worse, and each response no longer takes megabytes of fresh
  // memory (a 70 KB page cost 4 ms more CPU with the default, and served a fifth fewer).
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (closing) return void res.status(503).json({ status: "draining", ready: false });
    // The public answer is only ready or not; why not (the database, which migrations) is
    // for the operator's log, once each time it changes.
    let ready = false;
    try {
      const state = (await (await loadBuild()).lifecycle?.readiness?.()) ?? { ready: true };
      ready = state.ready;
      reportReadiness(ready ? null : notReadyReason(state));
    } catch (error) {
      reportReadiness(`the readiness check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", ready });
  });
  app.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!options.metricsToken || !bearerMatches(req.headers.authorization, options.metricsToken))
      return void res.status(404).type("text/plain; charset=utf-8").send("Not Found");
    try {
      const text = options.clusterMetrics ? await options.clusterMetrics() : await metrics.registry.metrics();
      res.type(metrics.registry.contentType).send(text);
    } catch (error) {
      console.error("Collecting metrics failed:", error);
      res.status(503).type("text/plain; charset=utf-8").send("Metrics are not available just now.");
    }
  });

  // Before the static files: a shared page is never a file, and "/" would cost a stat.
  if (typeof options.build === "object" && options.build.createSharedRenders)
    app.use(serveSharedRenders(options.build.createSharedRenders, createRemixHandler(options.build, mode), siteUrl));
  if (options.viteMiddlewares) app.use(options.viteMiddlewares);
  if (options.clientDir) {
    // Vite's fingerprinted files never change; the rest of public/ may.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // The driver app's service worker fetches from this origin, and is checked for updates at once.
    app.get("/driver-sw.js", (_req, res, next) => {
      res.setHeader("Content-Security-Policy", SERVICE_WORKER_CSP);
      res.setHeader("Cache-Control", "no-cache");
      next();
    });
    app.use(servePublicFiles(options.clientDir));
  }

  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode,
      getLoadContext: (req) => ({ clientAddress: clientAddressKey(req.ip) }),
    }),
  );

  // An error no route turned into a response: a bare 500 (the details go to the log only).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return; // a refusal above already answered; the route's late error is moot
    console.error(error);
    refuse(req, res, 500, "Something went wrong on our side. Please try again.");
  });

  return {
    app,
    /** From now on responses ask clients to close their connections (shutdown). */
    beginClosing() {
      closing = true;
    },
  };
}

/**
 * Listens; on SIGTERM or SIGINT drains: /readyz answers 503 at once, and after `drainSeconds`
 * (time for a load balancer to notice) it stops accepting, ends live streams, finishes the
 * requests in flight and exits.
 */
export async function startServer(
  options: AppOptions & { port: number; host?: string; backgroundJobs?: boolean; drainSeconds?: number },
) {
  const { app, beginClosing } = createApp(options);
  const server = createServer(app);
  // Longer than a load balancer's idle timeout, so the balancer closes idle connections first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Requests being answered on each connection, so that a shutdown closes only the quiet
  // ones. (http.Server's closeIdleConnections() also takes a connection whose request has
  // been read but not yet answered for idle, and resets it.) Counted from before it listens:
  // a cluster worker can be handed a connection before its "listening" event.
  const requestsOn = new Map<Socket, number>();
  server.on("connection", (socket: Socket) => {
    requestsOn.set(socket, 0);
    socket.once("close", () => requestsOn.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    if (!requestsOn.has(socket)) return;
    requestsOn.set(socket, requestsOn.get(socket)! + 1);
    res.once("close", () => {
      if (requestsOn.has(socket)) requestsOn.set(socket, requestsOn.get(socket)! - 1);
    });
  });
  const closeQuietConnections = () => {
    for (const [socket, requests] of requestsOn) if (requests === 0) socket.destroy();
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (options.host) server.listen(options.port, options.host, resolve);
    else server.listen(options.port, resolve);
  });

  const loadBuild = async () => (typeof options.build === "function" ? await options.build() : options.build);
  if (options.backgroundJobs) (await loadBuild()).lifecycle?.startBackgroundJobs?.();
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      beginClosing();
      if (options.drainSeconds) await new Promise((resolve) => setTimeout(resolve, options.drainSeconds! * 1000));
      // Stop accepting, but do not yet close the connections that look idle (http.Server's
      // close() would): one a proxy opened a moment ago may be carrying its first request,
      // and closing it would reset that request (a POST the proxy cannot send elsewhere).
      // Every response now says "Connection: close", so busy connections end by themselves.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const build = await loadBuild().catch(() => null);
      await build?.lifecycle?.endLiveStreams();
      await new Promise((resolve) => setTimeout(resolve, CONNECTION_SETTLE_MS));
      closeQuietConnections();
      const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
      await build?.lifecycle?.closeDatabase();
    })());
  return { server, stop };
}

const METRICS_REQUEST = "easymove:metrics-request";
const METRICS_REPLY = "easymove:metrics-reply";
type MetricsMessage = { type?: string; id?: number; text?: string; error?: string };

/** In a worker: every worker's metrics, added up by the primary (prom-client's cluster registry). */
function metricsFromPrimary() {
  // Constructed in a worker, prom-client's cluster registry answers the primary's requests
  // for this worker's own metrics.
  new AggregatorRegistry();
  let next = 0;
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => done(new Error("The primary did not answer with the metrics")), 5000);
      const onMessage = (message: MetricsMessage) => {
        if (message?.type !== METRICS_REPLY || message.id !== id) return;
        done(message.error ? new Error(message.error) : null, message.text);
      };
      const done = (error: Error | null, text = "") => {
        clearTimeout(timer);
        process.off("message", onMessage);
        if (error) reject(error);
        else resolve(text);
      };
      process.on("message", onMessage);
      process.send!({ type: METRICS_REQUEST, id });
    });
}

/** N workers (WEB_CONCURRENCY) share the port; the primary restarts one that dies. */
function runPrimary(workers: number) {
  let shuttingDown = false;
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: MetricsMessage) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_REPLY, id: message.id, error: error.message }),
    );
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  // Counted by their processes: a worker whose process has exited stays in cluster.workers
  // until its IPC channel closes too, which can come after its "exit" event.
  const workersAlive = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead()).length;
  cluster.on("exit", (worker, code, signal) => {
    if (shuttingDown) {
      if (workersAlive() === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    // Not once a shutdown began meanwhile: a worker forked then would never be told to stop.
    setTimeout(() => shuttingDown || cluster.fork(), 1000);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      shuttingDown = true;
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker && !worker.isDead()) worker.process.kill("SIGTERM");
      if (workersAlive() === 0) process.exit(0);
    });
  }
}

async function main() {
  if (env.LOG_FORMAT === "json") routeConsoleToLogger();
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runPrimary(env.WEB_CONCURRENCY);
  // Heard from the start: a worker told to stop while it is still starting (a deploy, its
  // primary stopping) stops as soon as it is up, rather than ignoring the signal.
  let stop: (() => Promise<void>) | null = null;
  let stopAsked = false;
  const stopAndExit = () => {
    if (!stop) return void (stopAsked = true);
    stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, stopAndExit);
  const development = env.NODE_ENV === "development";
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  let options: AppOptions;
  if (development) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    options = {
      build: () => viteServer.ssrLoadModule("/app/server-build.ts") as Promise<AppBuild>,
      viteMiddlewares: viteServer.middlewares,
      mode: "development",
    };
  } else {
    const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as AppBuild;
    options = { build, clientDir: path.join(buildDir, "client"), mode: "production" };
  }
  ({ stop } = await startServer({
    ...options,
    port: env.PORT,
    host: env.HOST,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    siteUrl: env.SITE_URL,
    followVisitorOrigin: env.siteUrlFollowsVisitor ? { listenHost: env.HOST } : undefined,
    accessLog: env.ACCESS_LOG === "on",
    jsonLogs: env.LOG_FORMAT === "json",
    metricsToken: env.METRICS_TOKEN,
    clusterMetrics: cluster.isWorker ? metricsFromPrimary() : undefined,
    drainSeconds: env.DRAIN_SECONDS,
    backgroundJobs: true,
  }));
  console.log(
    `EasyMove is listening on ${listenUrl(env.HOST, env.PORT)}${cluster.isWorker ? ` (worker ${process.pid})` : ""}`,
  );
  if (stopAsked) stopAndExit();
}

// Run as the program (not imported by a test). Through the real path: a release started
// through a symlinked folder (a deploy's "current" link) is still this file.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(path.resolve(process.argv[1]))).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
