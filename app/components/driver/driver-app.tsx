// The driver portal as an installable app that works without a signal. Each
// driver page wraps itself in <DriverApp>: it registers the service worker (driver pages only:
// a customer's page never has this code), sends what the phone kept as soon as there is a
// signal, says "Offline: shown as of 14:02" while there is none, and, offline, opens links as
// whole pages so the service worker can answer them from the last sync. The queued actions
// (utils/offline-queue.client.ts) are shared with the page through useOfflineQueue().
import { useRevalidator } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { QueuedEffect } from "~/domain/job-progress";
import { signOutQuestion } from "~/domain/offline-queue";
import type { TrackingStatusValue } from "~/domain/tracking";
import type { QueuedRecord } from "~/utils/offline-queue.client";

/** The driver pages' `links`: the web app manifest, so the portal installs as an app. */
export const DRIVER_APP_LINKS = [{ rel: "manifest", href: "/driver.webmanifest" }];
/** The driver pages' theme colour (the manifest's too). */
export const DRIVER_APP_META = { name: "theme-color", content: "#1d4ed8" };

/** What a queued action does to the job's progress (domain/job-progress.ts). */
export function queuedEffect(record: QueuedRecord): QueuedEffect {
  switch (record.kind) {
    case "step":
      return { kind: "step", status: record.fields.status as TrackingStatusValue };
    case "stop-done":
      return { kind: "stop-done", position: Number(record.fields.position) };
    case "proof":
      return { kind: "proof", stop: record.proof?.stop ?? 0 };
    default:
      return { kind: record.kind };
  }
}

type OfflineQueue = {
  /** Every action kept on this phone (refused ones with their sentence); empty before the page runs. */
  records: QueuedRecord[];
  online: boolean;
  /** Keeps an action and sends it at once if there is a signal; throws the sentence to show when it cannot be kept. */
  keep: (record: Omit<QueuedRecord, "seq" | "id" | "happenedAt">) => Promise<void>;
  dismiss: (bookingId: string) => Promise<void>;
};

const OfflineQueueContext = createContext<OfflineQueue | null>(null);

/** The phone's queued actions, or null outside the driver's pages (and before they run). */
export function useOfflineQueue() {
  return useContext(OfflineQueueContext);
}

const outbox = () => import("~/utils/offline-queue.client");

function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export function DriverApp({
  syncedAt,
  offlinePages = [],
  children,
}: {
  /** When the page's data was read ("14:02", UK time): offline, it is "shown as of" then. */
  syncedAt: string;
  /** Pages to keep a fresh copy of for offline use (the service worker fetches them). */
  offlinePages?: string[];
  children: ReactNode;
}) {
  const online = useOnline();
  const [records, setRecords] = useState<QueuedRecord[]>([]);
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  // Actions sent (or refused) by another sender meanwhile (the service worker, another tab):
  // the server's job then replaces what the phone showed, as after this page's own sending.
  const unsentBefore = useRef(0);
  const reload = useCallback(async () => {
    const all = await (await outbox()).queuedActions();
    const unsent = all.filter((record) => !record.refused).length;
    if (unsent === 0 && unsentBefore.current > 0 && navigator.onLine) revalidateRef.current();
    unsentBefore.current = unsent;
    setRecords(all);
  }, []);
  const send = useCallback(async () => {
    const settled = await (await outbox()).sendQueued();
    await reload();
    // What the server now has replaces what the phone showed.
    if (settled > 0) revalidate();
  }, [reload, revalidate]);

  useEffect(() => {
    if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/driver-sw.js", { scope: "/" });
    let unsubscribe = () => {};
    void outbox().then((module) => {
      unsubscribe = module.onQueueChange(() => void reload());
    });
    void reload().then(() => (navigator.onLine ? send() : undefined));
    window.addEventListener("online", send);
    return () => {
      unsubscribe();
      window.removeEventListener("online", send);
    };
  }, [reload, send]);

  // Each time the page's data is read, the pages the driver may open offline are copied again.
  const pagesKey = offlinePages.join(" ");
  useEffect(() => {
    if (!online || !("serviceWorker" in navigator) || pagesKey === "") return;
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: "keep-pages", urls: pagesKey.split(" ") }),
    );
  }, [online, pagesKey, syncedAt]);

  // Signing out forgets what the phone kept (the service worker, and the answer's
  // Clear-Site-Data): a driver with actions not sent yet is asked first.
  const unsent = records.filter((record) => !record.refused).length;
  useEffect(() => {
    if (unsent === 0) return;
    const askFirst = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== "/logout") return;
      if (window.confirm(signOutQuestion(unsent))) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("submit", askFirst, true);
    return () => window.removeEventListener("submit", askFirst, true);
  }, [unsent]);

  // Offline, a form that cannot be kept on the phone (taking a job, dropping one, a typed
  // position) is not sent into the void: the driver reads that it needs a signal.
  const [needsSignal, setNeedsSignal] = useState(false);
  useEffect(() => {
    if (online) return setNeedsSignal(false);
    const holdBack = (event: SubmitEvent) => {
      if (!(event.target instanceof HTMLFormElement) || event.target.dataset.keepsOffline !== undefined) return;
      event.preventDefault();
      event.stopPropagation();
      setNeedsSignal(true);
    };
    window.addEventListener("submit", holdBack, true);
    return () => window.removeEventListener("submit", holdBack, true);
  }, [online]);

  // Offline, a link opens as a whole page, which the service worker answers from its copy
  // (a client-side navigation would ask the server for the page's data, and fail).
  useEffect(() => {
    if (online) return;
    const wholePage = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) event.stopPropagation();
    };
    window.addEventListener("click", wholePage, true);
    return () => window.removeEventListener("click", wholePage, true);
  }, [online]);

  const keep = useCallback<OfflineQueue["keep"]>(
    async (record) => {
      const module = await outbox();
      await module.keep({ ...record, id: crypto.randomUUID(), happenedAt: new Date().toISOString() });
      await reload();
      if (navigator.onLine) await send();
    },
    [reload, send],
  );
  const dismiss = useCallback(
    async (bookingId: string) => {
      await (await outbox()).dismissRefused(bookingId);
      await reload();
    },
    [reload],
  );
  const value = useMemo(() => ({ records, online, keep, dismiss }), [records, online, keep, dismiss]);

  return (
    <OfflineQueueContext.Provider value={value}>
      <div role="status" className="empty:hidden" data-testid="offline-banner">
        {online ? null : (
          <p className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
            Offline: shown as of {syncedAt}. What you do is kept on this phone and sent when the signal returns.
            {needsSignal ? " That needs a signal: please try again when it returns." : null}
          </p>
        )}
      </div>
      <RefusedActions records={records} dismiss={dismiss} reload={reload} />
      {children}
    </OfflineQueueContext.Provider>
  );
}

/** A job's actions waiting to be sent. */
export function queuedForJob(records: readonly QueuedRecord[], bookingId: string) {
  return { waiting: records.filter((record) => record.bookingId === bookingId && !record.refused) };
}

/** "Waiting to send (2)": the job's queued actions, on its card. */
export function WaitingToSend({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-2 text-sm font-semibold text-amber-900" data-testid="waiting-to-send">
      <span className="mr-1 inline-block h-2 w-2 rounded-full bg-amber-500" aria-hidden="true" />
      Waiting to send ({count})
    </p>
  );
}

/**
 * The one sentence of each job whose queued actions the server refused (the job may no longer be
 * on the page: given to another driver), each with "OK" to clear it.
 */
function RefusedActions({
  records,
  dismiss,
  reload,
}: {
  records: readonly QueuedRecord[];
  dismiss: (bookingId: string) => Promise<void>;
  reload: () => Promise<void>;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refusals = new Map<string, { sentence: string; proof: boolean }>();
  for (const record of records) {
    if (!record.refused) continue;
    const known = refusals.get(record.bookingId);
    refusals.set(record.bookingId, {
      sentence: known?.sentence ?? record.refused,
      proof: Boolean(known?.proof || record.proof),
    });
  }
  const toSupport = async (bookingId: string) => {
    setProblem(null);
    try {
      await (await outbox()).sendProofToSupport(bookingId);
      await reload();
      setSent("The proof was sent to support. They will look at it and call you if they need to.");
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const buttonClass = "min-h-11 rounded-md border border-red-300 bg-white px-4 font-semibold text-red-900";
  return (
    <div role="alert" className="mx-auto max-w-5xl px-4 empty:hidden">
      {sent ? <p className="mt-4 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900">{sent}</p> : null}
      {[...refusals].map(([bookingId, refusal]) => (
        <div key={bookingId} className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p data-testid="kept-refused">{refusal.sentence}</p>
          {refusal.proof ? (
            <p className="mt-1">Your proof of delivery is kept on this phone: send it to our support team.</p>
          ) : null}
          {problem && refusal.proof ? <p className="mt-1 font-semibold">{problem}</p> : null}
          <div className="mt-2 flex flex-wrap gap-2">
            {refusal.proof ? (
              <button type="button" onClick={() => void toSupport(bookingId)} className={buttonClass}>
                Send the proof to support
              </button>
            ) : null}
            <button type="button" onClick={() => void dismiss(bookingId)} className={buttonClass}>
              {refusal.proof ? "Delete it" : "OK"}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
