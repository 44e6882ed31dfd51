// The cache of shared renders (server/platform/shared-render.server.ts) with a render of its
// own: which requests it may answer, one render for many callers, fresh and stale copies,
// what it refuses to keep, and what each response gets fresh. The real pages through the
// real server are in tests/e2e/shared-render.spec.ts.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  createSharedRenderCache,
  honeypotInputProps,
  nonceFor,
  SHARED_RENDER_FRESH_MS,
  SHARED_RENDER_STALE_MS,
  sharedRenderPaths,
} from "~/server/platform/shared-render.server";

const sharedContext = { sharedRender: true } as AppLoadContext;

/** A page as the build renders it for a shared render: its placeholders in the CSP and the body. */
function page(text: string, init: ResponseInit = {}) {
  const nonce = nonceFor(sharedContext);
  const time = honeypotInputProps(sharedContext).encryptedValidFrom;
  return new Response(`<html><script nonce="${nonce}"></script><input value="${time}">${text}</html>`, {
    status: 200,
    ...init,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'nonce-${nonce}'`,
      ...init.headers,
    },
  });
}

function harness(respond: () => Response = () => page("home")) {
  let clock = 1_000_000;
  const renders: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const cache = createSharedRenderCache({
    paths: new Set(["/"]),
    now: () => clock,
    render: async (path) => {
      renders.push(path);
      if (gate) await gate;
      return respond();
    },
  });
  return {
    cache,
    renders,
    advance: (ms: number) => (clock += ms),
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => {
      gate = null;
      release();
    },
  };
}

const body = (answer: Awaited<ReturnType<ReturnType<typeof createSharedRenderCache>["respond"]>>) =>
  answer && answer.status === 200 ? answer.body : "";
const header = (answer: { headers: [string, string][] } | null, name: string) =>
  answer?.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

describe("which requests a shared render may answer", () => {
  const { cache } = harness();
  const request = { method: "GET", path: "/", url: "/", cookie: undefined };

  it("an anonymous GET or HEAD of a shared path, without a query", () => {
    expect(cache.accepts(request)).toBe(true);
    expect(cache.accepts({ ...request, method: "HEAD" })).toBe(true);
    expect(cache.accepts({ ...request, cookie: "theme=dark; _ga=1" })).toBe(true);
  });

  it("never a visitor with a session cookie, a post, a query string or another path", () => {
    expect(cache.accepts({ ...request, cookie: "theme=dark; __session=abc" })).toBe(false);
    expect(cache.accepts({ ...request, method: "POST" })).toBe(false);
    expect(cache.accepts({ ...request, url: "/?quote=q1" })).toBe(false);
    expect(cache.accepts({ ...request, path: "/checkout", url: "/checkout" })).toBe(false);
  });
});

describe("a shared render", () => {
  it("is made once for many visitors at the same time", async () => {
    const h = harness();
    h.hold();
    const answers = Promise.all(Array.from({ length: 20 }, () => h.cache.respond("/", undefined)));
    h.release();
    expect((await answers).every((answer) => body(answer).includes("home"))).toBe(true);
    expect(h.renders).toHaveLength(1);
  });

  it("fills in a fresh nonce (matching its CSP) and a fresh honeypot time in every response", async () => {
    const { cache } = harness();
    const [first, second] = [await cache.respond("/", undefined), await cache.respond("/", undefined)];
    for (const answer of [first, second]) {
      const nonce = /'nonce-([^']+)'/.exec(header(answer, "Content-Security-Policy")!)?.[1];
      expect(body(answer)).toContain(`nonce="${nonce}"`);
      expect(body(answer)).not.toMatch(/shared(Nonce|Time)/);
      expect(header(answer, "ETag")).toContain(nonce);
    }
    expect(header(first, "Content-Security-Policy")).not.toBe(header(second, "Content-Security-Policy"));
    const time = (answer: typeof first) => /value="([^"]+)"/.exec(body(answer))?.[1];
    expect(time(first)).not.toBe(time(second));
  });

  it("is kept while fresh, served stale while one new render is made, and made anew when too old", async () => {
    let version = 1;
    const h = harness(() => page(`version ${version}`));
    expect(body(await h.cache.respond("/", undefined))).toContain("version 1");
    version = 2;
    h.advance(SHARED_RENDER_FRESH_MS - 1);
    expect(body(await h.cache.respond("/", undefined))).toContain("version 1");
    expect(h.renders).toHaveLength(1);

    h.advance(2);
    // Stale: this visitor gets the kept page at once; the next one the new render.
    expect(body(await h.cache.respond("/", undefined))).toContain("version 1");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(body(await h.cache.respond("/", undefined))).toContain("version 2");
    expect(h.renders).toHaveLength(2);

    version = 3;
    h.advance(SHARED_RENDER_STALE_MS + 1);
    expect(body(await h.cache.respond("/", undefined))).toContain("version 3");
  });

  it("is not kept (the visitor is rendered for) when it sets a cookie, fails or lacks its placeholders", async () => {
    for (const response of [
      page("with a cookie", { headers: { "Set-Cookie": "__session=x" } }),
      page("an error", { status: 500 }),
      new Response("<html>rendered for someone</html>", { headers: { "Content-Type": "text/html" } }),
    ]) {
      const h = harness(() => response.clone());
      expect(await h.cache.respond("/", undefined)).toBeNull();
    }
  });

  it("answers a browser's own current copy with a 304 carrying that copy's nonce", async () => {
    let version = 1;
    const h = harness(() => page(`version ${version}`));
    const first = await h.cache.respond("/", undefined);
    const etag = header(first, "ETag")!;
    const again = await h.cache.respond("/", etag);
    expect(again?.status).toBe(304);
    expect(header(again, "Content-Security-Policy")).toBe(header(first, "Content-Security-Policy"));

    version = 2;
    h.advance(SHARED_RENDER_STALE_MS + 1);
    expect((await h.cache.respond("/", etag))?.status).toBe(200);
    // A tag whose nonce is not a nonce's shape is never echoed into a header.
    const hash = /W\/"([0-9a-f]+)\./.exec(etag)![1];
    expect((await h.cache.respond("/", `W/"${hash}.bad'nonce"`))?.status).toBe(200);
  });
});

describe("sharedRenderPaths", () => {
  it("finds the static URL of every route whose handle asks for a shared render", () => {
    const route = (
      id: string,
      parentId: string | undefined,
      path: string | undefined,
      handle?: object,
      index = false,
    ) => ({
      id,
      parentId,
      path,
      index,
      module: { handle },
    });
    const routes = {
      root: route("root", undefined, ""),
      home: route("home", "root", undefined, { sharedRender: true }, true),
      quote: route("quote", "root", "quote", { sharedRender: true }),
      layout: route("layout", "root", undefined),
      terms: route("terms", "layout", "terms-and-conditions", { sharedRender: true }),
      tracker: route("tracker", "root", "bookings/:id", { sharedRender: true }),
      checkout: route("checkout", "root", "checkout"),
    } as unknown as ServerBuild["routes"];
    expect([...sharedRenderPaths(routes)].sort()).toEqual(["/", "/quote", "/terms-and-conditions"]);
  });
});
