// The driver's chat without a signal, loaded by the tracker's chat only for the
// driver: offline, a message sent from either chat form (a quick phrase or the text box) is
// kept on the phone instead of posted, shown as "Waiting to send", and sent with the rest of
// what the phone kept as soon as the signal returns (utils/offline-queue.client.ts).
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";

const outbox = () => import("~/utils/offline-queue.client");

export default function DriverChatOffline({ bookingId }: { bookingId: string }) {
  const [waiting, setWaiting] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { revalidate } = useRevalidator();

  const load = useCallback(async () => {
    const records = await (await outbox()).queuedActions();
    setWaiting(
      records
        .filter((record) => record.bookingId === bookingId && record.kind === "chat" && !record.refused)
        .map((record) => String(record.fields.content)),
    );
  }, [bookingId]);
  const send = useCallback(async () => {
    if ((await (await outbox()).sendQueued()) > 0) revalidate();
    await load();
  }, [load, revalidate]);

  useEffect(() => {
    let unsubscribe = () => {};
    void outbox().then((module) => {
      unsubscribe = module.onQueueChange(() => void load());
    });
    const onLine = () => setOffline(!navigator.onLine);
    onLine();
    void load().then(() => (navigator.onLine ? send() : undefined));
    window.addEventListener("online", send);
    window.addEventListener("online", onLine);
    window.addEventListener("offline", onLine);
    return () => {
      unsubscribe();
      window.removeEventListener("online", send);
      window.removeEventListener("online", onLine);
      window.removeEventListener("offline", onLine);
    };
  }, [load, send]);

  // Before the chat form's own handler (which would post it): offline, the message is kept.
  useEffect(() => {
    const keepInstead = (event: SubmitEvent) => {
      const form = event.target;
      if (navigator.onLine || !(form instanceof HTMLFormElement) || form.dataset.chatForm === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      const submitter = event.submitter as HTMLButtonElement | null;
      const typed = submitter?.name === "content" ? submitter.value : new FormData(form).get("content");
      const content = String(typed ?? "").trim();
      if (!content) return;
      setProblem(null);
      void outbox()
        .then((module) =>
          module.keep({
            id: crypto.randomUUID(),
            kind: "chat",
            bookingId,
            happenedAt: new Date().toISOString(),
            fields: { content },
          }),
        )
        .then(() => {
          form.reset();
          return load();
        })
        .catch((error: Error) => setProblem(error.message));
    };
    window.addEventListener("submit", keepInstead, true);
    return () => window.removeEventListener("submit", keepInstead, true);
  }, [bookingId, load]);

  return (
    <>
      <p role="status" className="mt-2 text-sm font-semibold text-amber-900 empty:hidden">
        {offline ? "Offline: your messages are kept on this phone and sent when the signal returns." : null}
      </p>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <ul className="mt-2 space-y-2" data-testid="chat-waiting">
          {waiting.map((content, index) => (
            <li key={index} className="flex justify-end">
              <p className="max-w-[85%] rounded-2xl border border-dashed border-blue-300 px-3 py-2 text-sm text-slate-900">
                {content}
                <span className="mt-1 block text-xs text-amber-900">Waiting to send</span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
