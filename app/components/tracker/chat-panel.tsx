// Driver Chat: the conversation, six quick phrases and a text box. Without JavaScript each
// button posts and the page comes back with the message; with it, messages go without a page
// load and arrive live (the tracker listens for changes). On the driver's side, messages
// written with no signal are kept on the phone: that code loads only for a driver.
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useAnnounceChange } from "~/components/ui/announcer";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/domain/tracking";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";
import type { ChatMessageView } from "~/views/tracker";
import { RefreshButton } from "./tracker-panels";

const DriverChatOffline = lazy(() => import("~/components/driver/driver-chat-offline"));

type ChatPanelProps = {
  action: string;
  messages: ChatMessageView[];
  quickPhrases: readonly string[];
  canSend: boolean;
  closedReason: string | null;
  otherSide: string;
  refreshHref: string;
  /** The driver's side: messages written offline are kept for this booking. */
  keepOfflineFor?: string;
};

export function ChatPanel({
  action,
  messages,
  quickPhrases,
  canSend,
  closedReason,
  otherSide,
  refreshHref,
  keepOfflineFor,
}: ChatPanelProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);
  // A message from the other side that arrives while the chat is open is read out.
  const newest = messages.at(-1);
  useAnnounceChange(
    newest?.id,
    newest && !newest.mine ? `New message from your ${otherSide}: ${newest.content}` : null,
  );

  return (
    <section id="chat" aria-labelledby="chat-heading" className="pt-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="chat-heading" className="text-lg font-semibold text-slate-900">
          Driver Chat
        </h2>
        <noscript>
          <RefreshButton href={refreshHref} label="Check for new messages" />
        </noscript>
      </div>
      {messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No messages yet. Say hello to your {otherSide}.</p>
      ) : (
        <ol ref={listRef} className="mt-3 max-h-[28rem] space-y-2 overflow-y-auto pr-1" data-testid="chat-messages">
          {messages.map((message) => (
            <li key={message.id} className={`flex ${message.mine ? "justify-end" : "justify-start"}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${message.mine ? "bg-blue-700 text-white" : "bg-slate-100 text-slate-900"}`}
              >
                <p className="whitespace-pre-wrap break-words">{message.content}</p>
                <p className={`mt-1 text-xs ${message.mine ? "text-blue-100" : "text-slate-500"}`}>
                  <time dateTime={message.time}>{message.at}</time>
                  {message.mine ? (
                    <span className="ml-2" data-testid="read-state">
                      {message.read ? "✓✓ Read" : "✓ Sent"}
                    </span>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {keepOfflineFor ? (
        <Suspense fallback={null}>
          <DriverChatOffline bookingId={keepOfflineFor} />
        </Suspense>
      ) : null}
      {canSend ? (
        <ChatForm action={action} quickPhrases={quickPhrases} />
      ) : closedReason ? (
        <p className="mt-4 text-sm text-slate-600">{closedReason}</p>
      ) : null}
    </section>
  );
}

function ChatForm({ action, quickPhrases }: { action: string; quickPhrases: readonly string[] }) {
  const fetcher = useFetcher({ key: "chat" });
  const pending = usePending({ fetcher });
  // With JavaScript the answer comes to the fetcher; without it, to the page (a plain post).
  const actionData = useActionData();
  const answer = fetcher.data ?? actionData;
  // (A sent message's answer is conform's reset: { initialValue: null }, which clears the box.)
  const lastResult =
    answer && typeof answer === "object" && ("status" in answer || "initialValue" in answer)
      ? (answer as Parameters<typeof useValidatedForm>[1]["lastResult"])
      : null;
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/tracker").then((schemas) => schemas.chatMessageSchema),
    { lastResult, pending, shouldValidate: "onSubmit" },
  );

  return (
    <div className="mt-4 space-y-3">
      <fetcher.Form
        method="post"
        action={action}
        className="flex flex-wrap gap-2"
        aria-label="Quick phrases"
        data-chat-form
      >
        <input type="hidden" name="intent" value="message" />
        {quickPhrases.map((phrase) => (
          <button
            key={phrase}
            type="submit"
            name="content"
            value={phrase}
            disabled={pending}
            className="min-h-11 rounded-full border border-blue-200 bg-blue-50 px-3 py-1 text-xs font-medium text-blue-800 hover:bg-blue-100 disabled:opacity-60"
          >
            {phrase}
          </button>
        ))}
      </fetcher.Form>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-2" data-chat-form>
        <input type="hidden" name="intent" value="message" />
        <label htmlFor={fields.content.id} className="block text-sm font-medium text-slate-800">
          Your message
        </label>
        <textarea
          {...getTextareaProps(fields.content)}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
        <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
        <FormErrorSummary form={form} />
        <StatusButton pending={pending} pendingText="Sending..." className="min-h-11 px-5">
          Send
        </StatusButton>
      </fetcher.Form>
    </div>
  );
}
