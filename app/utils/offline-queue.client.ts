// The driver's phone keeps what the driver does while it has no signal: status
// steps, stops done, proofs of delivery (their photos made smaller first), chat messages and
// positions, in IndexedDB, so a reload or a closed tab loses nothing. When the signal returns
// (the page's `online` event, the next page opened, or Background Sync in the service worker)
// they are sent in the order they were made, one at a time, each with its own id and the
// phone's time: the server applies each once (api+/driver.actions.ts). Used by the driver's
// pages and by the service worker (service-worker/driver.ts); never by a customer's page.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { QueuedActionKind } from "~/domain/offline-queue";

/** A proof of delivery as the form held it, its photos already made smaller. */
export type QueuedProof = {
  stop: number;
  recipientName: string;
  signedName: string;
  damageNotes: string;
  photos: Blob[];
  signature: Blob | null;
};

export type QueuedRecord = {
  /** The order it was made in (IndexedDB's key). */
  seq?: number;
  /** Its own id: a second delivery of it is taken as done by the server. */
  id: string;
  kind: QueuedActionKind;
  bookingId: string;
  /** The phone's time when the driver acted (ISO). */
  happenedAt: string;
  /** The action's own fields (status and ETA, stop, message, coordinates). */
  fields: Record<string, string | number | null>;
  proof?: QueuedProof;
  /** The server's sentence when the job no longer allows it (it is not sent again). */
  refused?: string;
};

interface OfflineQueueDb extends DBSchema {
  actions: { key: number; value: QueuedRecord };
}

// These names live on drivers' phones (a pending Background Sync, another tab's lock), so they
// keep the queue's first name: a phone updated mid-queue goes on where it left off.
const CHANNEL = "easymove-driver-kept";
const SYNC_TAG = "driver-kept-actions";

export const OFFLINE_QUEUE_MESSAGES = {
  storageFull:
    "Your phone has no room left to keep this. Free some space (old photos or apps), or hand it in once you have a signal.",
  notQueued: "This could not be kept on your phone. Please try again, or hand it in once you have a signal.",
} as const;

let opened: Promise<IDBPDatabase<OfflineQueueDb>> | null = null;
const database = () =>
  (opened ??= openDB<OfflineQueueDb>("easymove-driver", 1, {
    upgrade(db) {
      db.createObjectStore("actions", { keyPath: "seq", autoIncrement: true });
    },
  }));

/** Tells every open driver page (and the service worker) that the queued actions changed. */
function announce() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/** Calls `listener` whenever the queued actions change, here or in another tab; returns the unsubscribe. */
export function onQueueChange(listener: () => void) {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = listener;
  return () => channel.close();
}

/** Every queued action, in the order made (refused ones too, until the driver dismisses them). */
export async function queuedActions(): Promise<QueuedRecord[]> {
  return (await database()).getAll("actions");
}

/**
 * Keeps an action. A position replaces an unsent earlier one of the same job: the customer
 * needs where the driver is, not the trail. Running out of storage is told, never silent.
 */
export async function keep(record: Omit<QueuedRecord, "seq">) {
  try {
    const db = await database();
    const tx = db.transaction("actions", "readwrite");
    if (record.kind === "position") {
      for (const earlier of await tx.store.getAll())
        if (earlier.kind === "position" && earlier.bookingId === record.bookingId && !earlier.refused)
          await tx.store.delete(earlier.seq!);
    }
    await tx.store.add(record as QueuedRecord);
    await tx.done;
  } catch (error) {
    const quota = error instanceof DOMException && error.name === "QuotaExceededError";
    throw new Error(quota ? OFFLINE_QUEUE_MESSAGES.storageFull : OFFLINE_QUEUE_MESSAGES.notQueued, { cause: error });
  }
  announce();
  await askToSendLater();
}

/** How many queued actions still wait to be sent (refused ones are not waiting). */
export async function unsentCount() {
  return (await queuedActions()).filter((record) => !record.refused).length;
}

/** Forgets every queued action: the phone is signed out, and what it kept was that driver's. */
export async function forgetQueued() {
  await (await database()).clear("actions");
  announce();
}

/** Forgets a job's refused actions once the driver has read why. */
export async function dismissRefused(bookingId: string) {
  const db = await database();
  const tx = db.transaction("actions", "readwrite");
  for (const record of await tx.store.getAll())
    if (record.bookingId === bookingId && record.refused) await tx.store.delete(record.seq!);
  await tx.done;
  announce();
}

/**
 * A refused proof goes to support instead, with the refusal's sentence; once there, the job's
 * refused actions are forgotten. Throws the sentence to show when it could not be sent.
 */
export async function sendProofToSupport(bookingId: string) {
  const record = (await queuedActions()).find(
    (candidate) => candidate.bookingId === bookingId && candidate.refused && candidate.proof,
  );
  if (!record?.proof) return;
  const form = proofForm(record.proof);
  form.set("why", record.refused ?? "");
  // Its own id, the same on every try: a retry after a lost answer makes no second ticket.
  form.set("actionId", `${record.id}-support`);
  const response = await fetch(`/api/driver/jobs/${encodeURIComponent(bookingId)}/proof-to-support`, {
    method: "POST",
    body: form,
    credentials: "same-origin",
  }).catch(() => null);
  if (!response?.ok) {
    const answer = (await response?.json().catch(() => null)) as { message?: string } | null;
    throw new Error(answer?.message ?? "The proof could not be sent: please try again when you have a signal.");
  }
  await dismissRefused(bookingId);
}

/** Background Sync, where the browser has it: the service worker sends them when the signal returns. */
async function askToSendLater() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync here: the `online` event or the next page opened sends them.
  }
}

export const isSendLaterEvent = (tag: string) => tag === SYNC_TAG;

type SendResult = "sent" | "later" | { refused: string };

/** The proof form as it was filled in, photos and all. */
function proofForm(proof: QueuedProof) {
  const form = new FormData();
  form.set("stop", String(proof.stop));
  form.set("recipientName", proof.recipientName);
  form.set("signedName", proof.signedName);
  form.set("damageNotes", proof.damageNotes);
  proof.photos.forEach((photo, index) => form.append("photos", photo, `photo-${index + 1}.jpg`));
  if (proof.signature) form.set("signature", proof.signature, "signature.png");
  return form;
}

async function sendOne(record: QueuedRecord): Promise<SendResult> {
  let response: Response;
  try {
    if (record.kind === "proof" && record.proof) {
      const form = proofForm(record.proof);
      form.set("actionId", record.id);
      form.set("happenedAt", record.happenedAt);
      response = await fetch(`/api/driver/jobs/${encodeURIComponent(record.bookingId)}/proof`, {
        method: "POST",
        body: form,
        credentials: "same-origin",
      });
    } else {
      response = await fetch("/api/driver/actions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({
          ...record.fields,
          id: record.id,
          kind: record.kind,
          bookingId: record.bookingId,
          happenedAt: record.happenedAt,
        }),
      });
    }
  } catch {
    return "later"; // no signal after all
  }
  if (response.ok) return "sent";
  const answer = (await response.json().catch(() => null)) as { message?: string; refused?: boolean } | null;
  // Signed out, too many at once, or a server in trouble: kept, and sent again later.
  if (answer?.refused !== true) return "later";
  return { refused: answer.message ?? "This was not recorded." };
}

let sending: Promise<number> | null = null;

/**
 * Sends the queued actions in the order made, one at a time, and stops at the first that cannot
 * go yet. One the server refuses is kept with its sentence, and so is every later action of its
 * job (they would be refused too). One sender at a time across tabs and the service worker
 * (Web Locks), so the order holds. Returns how many the server settled (applied or refused):
 * when any, the page's data is read again.
 */
export function sendQueued(): Promise<number> {
  const run = async () => {
    const db = await database();
    const refusedJobs = new Map<string, string>();
    let settled = 0;
    for (const record of await db.getAll("actions")) {
      if (record.refused) {
        refusedJobs.set(record.bookingId, record.refused);
        continue;
      }
      const jobRefusal = refusedJobs.get(record.bookingId);
      if (jobRefusal) {
        await db.put("actions", { ...record, refused: jobRefusal });
        continue;
      }
      const result = await sendOne(record);
      if (result === "later") break;
      settled += 1;
      if (result === "sent") {
        await db.delete("actions", record.seq!);
      } else {
        await db.put("actions", { ...record, refused: result.refused });
        refusedJobs.set(record.bookingId, result.refused);
      }
      announce();
    }
    return settled;
  };
  if (sending) return sending;
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const started: Promise<number> = locks
    ? locks.request("driver-kept-actions", () => run()).then((count) => count)
    : run();
  sending = started.finally(() => {
    sending = null;
  });
  return sending;
}
