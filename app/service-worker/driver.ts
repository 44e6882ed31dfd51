// The driver app's service worker, built by the Vite plugin in service-worker-build.ts (esbuild,
// then Serwist's injectManifest lists the build's scripts and styles to precache). Registered
// only by the driver's pages (components/driver/driver-app.tsx); its scope is the whole site.
// - The app's scripts and styles are precached, so a driver page opens with no signal.
// - The driver's pages (/driver, a job's proof page, its chat on /booking-tracker) are network
//   first: a fresh copy when there is a signal, the last one when there is none. A copy is kept
//   only of a page the server marks as a signed-in driver's own (utils/driver-app-copies.ts): a
//   customer's tracker is never stored, even on a phone a driver used before. Each read of the
//   driver's list removes the copies of jobs that are no longer theirs.
// - What the phone kept offline goes first: while actions wait to be sent, any other request
//   waits until they are sent (or cannot be), so the server hears them before anything else and
//   believes their times (domain/offline-queue.ts). Background Sync sends them with the page closed.
// - Signing out (/logout, or /logout.data from the page's script) forgets every copy and every
//   queued action before the request goes on: they hold customers' addresses and phone numbers.
import { NetworkFirst, Serwist, type PrecacheEntry } from "serwist";
import { isQueuedDelivery } from "~/domain/offline-queue";
import { DRIVER_COPY_HEADER, DRIVER_JOBS_HEADER, jobOfCopiedPage } from "~/utils/driver-app-copies";
import { forgetQueued, isSendLaterEvent, onQueueChange, sendQueued, unsentCount } from "~/utils/offline-queue.client";

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = typeof globalThis & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const worker = self as unknown as WorkerScope;
const PAGES_CACHE = "driver-pages";
/** How long a request waits for the queued actions to go before it goes anyway. */
const SEND_FIRST_MS = 10_000;

/** The pages a driver may open offline. */
function isDriverPage(url: URL) {
  return url.pathname === "/driver" || url.pathname.startsWith("/driver/") || url.pathname === "/booking-tracker";
}

/** Only a signed-in driver's own page: never an error, a redirect to sign in, or a customer's page. */
const mayCopy = (response: Response) =>
  response.status === 200 && !response.redirected && response.headers.get(DRIVER_COPY_HEADER) === "yes";

/** Removes the copies of job pages whose job is not among the driver's jobs now. */
async function keepOnlyJobs(jobIds: ReadonlySet<string>) {
  const cache = await caches.open(PAGES_CACHE);
  for (const request of await cache.keys()) {
    const job = jobOfCopiedPage(new URL(request.url));
    if (job !== null && !jobIds.has(job)) await cache.delete(request);
  }
}

/** After the driver's list is read: what it says is theirs stays; if it is no driver's list, nothing does. */
async function afterListRead(response: Response) {
  const jobs = response.headers.get(DRIVER_JOBS_HEADER);
  if (mayCopy(response) && jobs !== null) await keepOnlyJobs(new Set(jobs.split(",").filter(Boolean)));
  else if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400))
    await caches.delete(PAGES_CACHE);
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 6,
  // The same page with another compression is the same page.
  matchOptions: { ignoreVary: true },
  plugins: [
    { cacheWillUpdate: async ({ response }) => (mayCopy(response) ? response : null) },
    {
      fetchDidSucceed: async ({ request, response }) => {
        if (new URL(request.url).pathname === "/driver") await afterListRead(response.clone());
        return response;
      },
    },
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
// Serwist's listeners but its fetch listener: this worker's own (below) comes first.
worker.addEventListener("install", serwist.handleInstall as unknown as EventListener);
worker.addEventListener("activate", serwist.handleActivate as unknown as EventListener);
worker.addEventListener("message", serwist.handleCache as unknown as EventListener);

// ---------------------------------------------------------------- queued actions go first

/** Whether actions wait to be sent: null until the worker has looked (then it waits to be sure). */
let waitingToSend: boolean | null = null;
const lookAgain = () =>
  void unsentCount()
    .then((count) => (waitingToSend = count > 0))
    .catch(() => (waitingToSend = null));
lookAgain();
onQueueChange(lookAgain);

/** A request the server would count as hearing from the driver (any but a queued action's delivery, or a file of the build). */
function hearsFromDriver(url: URL) {
  return !isQueuedDelivery(url.pathname) && !url.pathname.startsWith("/assets/") && url.pathname !== "/driver-sw.js";
}

/** Sends the queued actions (or gives up after a while); true when none waits any more. */
async function sendQueuedFirst() {
  await Promise.race([sendQueued().catch(() => 0), new Promise((resolve) => setTimeout(resolve, SEND_FIRST_MS))]);
  return (await unsentCount().catch(() => 1)) === 0;
}

const isSignOut = (url: URL) => url.pathname === "/logout" || url.pathname === "/logout.data";

/** Forgets every page copy and every queued action (a sign-out). */
const forgetEverything = () => Promise.all([caches.delete(PAGES_CACHE), forgetQueued()]);

worker.addEventListener("fetch", (event) => {
  const fetchEvent = event as FetchEvent;
  const { request } = fetchEvent;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method === "POST" && isSignOut(url)) {
    fetchEvent.respondWith(forgetEverything().then(() => fetch(request)));
    return;
  }
  // The flag follows the queued actions a moment late (a message from the page), so a page opened
  // right after an action was kept looks for itself.
  const lookFirst = waitingToSend !== false || request.mode === "navigate";
  if (!lookFirst || !hearsFromDriver(url)) {
    serwist.handleFetch(fetchEvent as never);
    return;
  }
  fetchEvent.respondWith(
    sendQueuedFirst().then(() => serwist.handleRequest({ request, event: fetchEvent as never }) ?? fetch(request)),
  );
});

// ---------------------------------------------------------------- copies asked for, and Background Sync

worker.addEventListener("message", (event) => {
  const data = (event as MessageEvent).data as { type?: string; urls?: unknown } | null;
  if (data?.type !== "keep-pages" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (url): url is string => typeof url === "string" && isDriverPage(new URL(url, worker.location.href)),
  );
  (event as unknown as ExtendableEvent).waitUntil(
    // The worker's own fetches pass no fetch event: the queued actions go first here too. While
    // any still waits (the signal is back for the page but not yet for this worker, or is
    // patchy), nothing is copied: the copies can wait for the next read, the actions' times not.
    sendQueuedFirst().then(async (allSent) => {
      if (!allSent) return;
      const cache = await caches.open(PAGES_CACHE);
      await Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
          if (!response) return;
          if (new URL(url, worker.location.href).pathname === "/driver") await afterListRead(response.clone());
          if (mayCopy(response)) await cache.put(url, response);
        }),
      );
    }),
  );
});

worker.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (isSendLaterEvent(sync.tag)) sync.waitUntil(sendQueued());
});
