// Pages every anonymous visitor sees alike (the home page, the content pages) are rendered
// once and kept for a short time, per instance, instead of once per request. What differs
// per response never enters the kept copy: the render is made without a session cookie, with
// placeholders for the CSP nonce and the honeypot's signed time, and each response gets a
// fresh nonce and a fresh time. A visitor with a session cookie (signed in, or a toast
// waiting) is always rendered for themselves. Routes opt in with `handle.sharedRender`.
import crypto from "node:crypto";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { routeHandle } from "~/utils/route-handle";
import { honeypot } from "./honeypot.server";
import { createNonce } from "./security-headers.server";
import { hasSessionCookie } from "./session.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This render is kept and shared by anonymous visitors: use the placeholders below. */
    sharedRender?: boolean;
  }
}

/** Stand-ins in a shared render, replaced in every response (random per process, so no page text can forge them). */
const PLACEHOLDERS = {
  nonce: `sharedNonce${crypto.randomBytes(12).toString("hex")}`,
  honeypotTime: `sharedTime${crypto.randomBytes(12).toString("hex")}`,
};

/** Splits a render at its placeholders, keeping them as pieces of their own. */
const PLACEHOLDER_PATTERN = new RegExp(`(${PLACEHOLDERS.nonce}|${PLACEHOLDERS.honeypotTime})`);

/** The CSP nonce of a page render (entry.server.tsx). */
export function nonceFor(context: AppLoadContext) {
  return context.sharedRender ? PLACEHOLDERS.nonce : createNonce();
}

/** The honeypot's fields of a page render (root loader). */
export function honeypotInputProps(context: AppLoadContext) {
  const props = honeypot.getInputProps();
  return context.sharedRender ? { ...props, encryptedValidFrom: PLACEHOLDERS.honeypotTime } : props;
}

/** How long a render is served as it is, then while one new render is made in the background. */
export const SHARED_RENDER_FRESH_MS = 10_000;
export const SHARED_RENDER_STALE_MS = 60_000;

/** What the browser may keep: only its own copy (never a CDN's), checked again before reuse. */
const SHARED_RENDER_CACHE_CONTROL = `private, max-age=0, stale-while-revalidate=${SHARED_RENDER_STALE_MS / 1000}`;

/** A kept render: its headers, and its HTML cut at the placeholders (filled in per response). */
type Entry = { headers: [string, string][]; pieces: string[]; hash: string; renderedAt: number };

export type SharedResponse =
  { status: 200; headers: [string, string][]; body: string } | { status: 304; headers: [string, string][] };

/** The URL paths of the routes whose handle asks for a shared render (static paths only). */
export function sharedRenderPaths(routes: ServerBuild["routes"]): Set<string> {
  const fullPath = (id: string): string => {
    const route = routes[id];
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
  };
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    if (!routeHandle(route.module.handle).sharedRender) continue;
    const path = fullPath(id);
    if (!/[:*]/.test(path)) paths.add(path);
  }
  return paths;
}

const NONCE_TOKEN = /^[A-Za-z0-9+/_-]+={0,2}$/;

function etagOf(hash: string, nonce: string) {
  return `W/"${hash}.${nonce}"`;
}

/** The nonce of the browser's own copy, when its If-None-Match names the current render. */
function revalidatedNonce(ifNoneMatch: string | undefined, hash: string) {
  for (const tag of (ifNoneMatch ?? "").split(",")) {
    const match = /^\s*(?:W\/)?"([0-9a-f]+)\.([^"]+)"\s*$/.exec(tag);
    if (match && match[1] === hash && NONCE_TOKEN.test(match[2])) return match[2];
  }
  return null;
}

export function createSharedRenderCache({
  paths,
  render,
  now = Date.now,
}: {
  paths: Set<string>;
  /** Renders a path as an anonymous visitor with `context.sharedRender` set. */
  render: (path: string) => Promise<Response>;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  async function renderEntry(path: string): Promise<Entry | null> {
    const response = await render(path);
    const html = await response.text();
    // Kept only when it is the plain page, with nothing of a visitor's in it.
    const keep =
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      html.includes(PLACEHOLDERS.nonce) &&
      (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    if (!keep) {
      entries.delete(path);
      return null;
    }
    const entry: Entry = {
      headers: [...response.headers].filter(([name]) => !/^(content-length|etag|cache-control|vary)$/i.test(name)),
      pieces: html.split(PLACEHOLDER_PATTERN),
      hash: crypto.createHash("sha256").update(html).digest("hex").slice(0, 16),
      renderedAt: now(),
    };
    entries.set(path, entry);
    return entry;
  }

  /** One render at a time per path; callers meanwhile share its result. */
  function refresh(path: string) {
    let running = pending.get(path);
    if (!running) {
      running = renderEntry(path).finally(() => pending.delete(path));
      pending.set(path, running);
    }
    return running;
  }

  async function entryFor(path: string) {
    const entry = entries.get(path);
    const age = entry ? now() - entry.renderedAt : Infinity;
    if (entry && age < SHARED_RENDER_FRESH_MS) return entry;
    if (entry && age < SHARED_RENDER_STALE_MS) {
      refresh(path).catch((error) => console.error("A shared render failed:", error));
      return entry;
    }
    return refresh(path);
  }

  function withNonce(headers: [string, string][], nonce: string, hash: string): [string, string][] {
    return [
      ...headers.map(([name, value]): [string, string] => [name, value.replaceAll(PLACEHOLDERS.nonce, nonce)]),
      ["Cache-Control", SHARED_RENDER_CACHE_CONTROL],
      // A browser keeps its anonymous copy apart from the page it gets once signed in.
      ["Vary", "Cookie"],
      ["ETag", etagOf(hash, nonce)],
    ];
  }

  return {
    /** Whether this request may be answered from a shared render. */
    accepts(request: { method: string; path: string; url: string; cookie: string | undefined }) {
      return (
        (request.method === "GET" || request.method === "HEAD") &&
        request.url === request.path &&
        paths.has(request.path) &&
        !hasSessionCookie(request.cookie)
      );
    },

    /** The response for this visitor, or null when the page cannot be shared right now. */
    async respond(path: string, ifNoneMatch: string | undefined): Promise<SharedResponse | null> {
      const entry = await entryFor(path);
      if (!entry) return null;
      const kept = revalidatedNonce(ifNoneMatch, entry.hash);
      // The browser's copy is current: it keeps its own page, with the nonce it was sent.
      if (kept) return { status: 304, headers: withNonce(entry.headers, kept, entry.hash) };
      const nonce = createNonce();
      const fresh = {
        [PLACEHOLDERS.nonce]: nonce,
        [PLACEHOLDERS.honeypotTime]: honeypot.getInputProps().encryptedValidFrom,
      };
      const body = entry.pieces.map((piece) => fresh[piece] ?? piece).join("");
      return { status: 200, headers: withNonce(entry.headers, nonce, entry.hash), body };
    },
  };
}
