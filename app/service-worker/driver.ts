// The driver app's service worker (issue 35), built by the Vite plugin in
// vite.config.ts (esbuild, then Serwist's injectManifest lists the build's scripts and styles
// to precache). Registered only by the driver's pages (components/driver/driver-app.tsx).
// - The app's scripts and styles are precached, so a driver page opens with no signal.
// - The driver's pages (/driver, a job's proof page, its chat on /booking-tracker) are network
//   first: a fresh copy when there is a signal, the last one when there is none. The page
//   asks for the pages it may need offline to be copied ("keep-pages").
// - Background Sync: the actions the phone kept are sent when the signal returns, even with
//   the page closed (utils/kept-actions.client.ts, the pages' own sender).
// - Signing out clears the copies: they hold customers' addresses and phone numbers.
import { NetworkFirst, Serwist, type PrecacheEntry } from "serwist";
import { isSendLaterEvent, sendKept } from "~/utils/kept-actions.client";

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type FetchEvent = ExtendableEvent & { request: Request };
type WorkerScope = typeof globalThis & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const worker = self as unknown as WorkerScope;
const PAGES_CACHE = "driver-pages";

/** The pages a driver may open offline. */
function isDriverPage(url: URL) {
  return url.pathname === "/driver" || url.pathname.startsWith("/driver/") || url.pathname === "/booking-tracker";
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 6,
  // The same page with another compression is the same page.
  matchOptions: { ignoreVary: true },
  plugins: [
    // Only a page the driver may see: never an error, a redirect to sign in, or a 404.
    { cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null) },
  ],
});

const serwist = new Serwist({
  // Written as `self.__SW_MANIFEST`: the injection point the build looks for.
  precacheEntries: (self as unknown as WorkerScope).__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && isDriverPage(url),
      handler: pages,
    },
  ],
});
serwist.addEventListeners();

worker.addEventListener("message", (event) => {
  const data = (event as MessageEvent).data as { type?: string; urls?: unknown } | null;
  if (data?.type !== "keep-pages" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (url): url is string => typeof url === "string" && isDriverPage(new URL(url, worker.location.href)),
  );
  (event as unknown as ExtendableEvent).waitUntil(
    caches.open(PAGES_CACHE).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
          if (response?.status === 200 && !response.redirected) await cache.put(url, response);
        }),
      ),
    ),
  );
});

worker.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (isSendLaterEvent(sync.tag)) sync.waitUntil(sendKept());
});

worker.addEventListener("fetch", (event) => {
  const { request } = event as FetchEvent;
  if (request.method === "POST" && new URL(request.url).pathname === "/logout") void caches.delete(PAGES_CACHE);
});
