// /account: who is signed in, whether a customer wants texts about their moves, the
// browsers signed in to the account, and "Sign out everywhere", which ends every session and
// API token of the account (a lost phone, a shared computer). Plain forms: they work without
// JavaScript.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { countOf, pluralWord } from "~/domain/plural";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { textUpdatesSchema } from "~/schemas/account";
import {
  currentSessionId,
  endAllSessions,
  endUserSession,
  listSessions,
  requireUser,
  SESSION_IDLE_MINUTES,
} from "~/server/auth/auth.server";
import { accountWantsTexts, setAccountTexts } from "~/server/messages/text-consent.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Your account",
    description: "Your {brand} account and where you are signed in.",
    path: "/account",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [sessions, current, textUpdates] = await Promise.all([
    listSessions(user.id),
    currentSessionId(request),
    accountWantsTexts(user.id),
  ]);
  return {
    user: { username: user.username, email: user.email, role: user.role },
    textUpdates,
    idleMinutes: SESSION_IDLE_MINUTES[user.role],
    sessions: sessions.map((session) => ({
      id: session.id,
      browser: session.userAgent ? describeBrowser(session.userAgent) : "Unknown browser",
      signedIn: formatUkDateTime(session.createdAt),
      lastUsed: formatUkDateTime(session.lastSeenAt),
      current: session.id === current,
    })),
  };
}

const SIGN_OUT_EVERYWHERE = "sign-out-everywhere";
const SAVE_TEXT_UPDATES = "text-updates";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === SAVE_TEXT_UPDATES) {
    const submission = parseWithZod(formData, { schema: textUpdatesSchema });
    if (submission.status !== "success") return data({ error: "Choose an action on the page." }, { status: 400 });
    await setAccountTexts(user.id, submission.value.textUpdates);
    return redirectWithToast(
      request,
      "/account",
      {
        title: submission.value.textUpdates ? "Texts turned on" : "Texts turned off",
        description: submission.value.textUpdates
          ? "We will text you about your moves."
          : "We will not text you about your moves. E-mails still come.",
        variant: "success",
      },
      { status: 303 },
    );
  }
  // Only the button's own post ends the sessions (its name and value say so).
  if (intent !== SIGN_OUT_EVERYWHERE) return data({ error: "Choose an action on the page." }, { status: 400 });
  const ended = await endAllSessions(user.id);
  const cookie = await endUserSession(request, {
    title: "Signed out everywhere",
    description: `${countOf(ended, "browser")} ${pluralWord(ended, "was", "were")} signed out, this one included.`,
    variant: "success",
  });
  return redirect("/signin", { status: 303, headers: { "Set-Cookie": cookie } });
}

/** "Chrome on Android" from a user agent: enough to recognise a device, no fingerprint. */
function describeBrowser(userAgent: string) {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

export default function Account() {
  const { user, sessions, idleMinutes, textUpdates } = useLoaderData<typeof loader>();
  // Two forms: each button shows its own form's sending.
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const idle = idleMinutes < 120 ? countOf(idleMinutes, "minute") : countOf(Math.round(idleMinutes / 60 / 24), "day");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Your account</h1>
      <dl className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Name</dt>
          <dd className="font-medium text-slate-900">{user.username}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Email</dt>
          <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{user.email}</dd>
        </div>
      </dl>

      {user.role === "admin" ? (
        <p className="mt-4">
          <Link to="/admin/two-factor" className="font-medium text-blue-700 hover:underline">
            Two-factor sign-in
          </Link>{" "}
          <span className="text-slate-700">asks for a code from your phone after your password.</span>
        </p>
      ) : null}

      {user.role === "customer" ? (
        <section
          aria-labelledby="texts-heading"
          className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="texts-heading" className="text-xl font-semibold text-slate-900">
            Text messages
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            {/* key: the box follows the saved setting after each save */}
            <CheckboxField
              key={String(textUpdates)}
              id="textUpdates"
              name="textUpdates"
              defaultChecked={textUpdates}
              label="Text me about my moves: driver assigned, the day before, on the way, arrived and done."
            />
            <p className="text-sm text-slate-600">
              Texts go to the mobile number you give at checkout. You can also turn them off for one move there, or
              reply STOP to any text.
            </p>
            <StatusButton
              name="intent"
              value={SAVE_TEXT_UPDATES}
              pending={sending === SAVE_TEXT_UPDATES}
              pendingText="Saving..."
            >
              Save
            </StatusButton>
          </Form>
        </section>
      ) : null}

      <section
        aria-labelledby="sessions-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="sessions-heading" className="text-xl font-semibold text-slate-900">
          Where you are signed in
        </h2>
        <p className="mt-1 text-sm text-slate-700">A browser you have not used for {idle} is signed out by itself.</p>
        <ul className="mt-4 divide-y divide-slate-200" data-testid="sessions">
          {sessions.map((session) => (
            <li key={session.id} className="py-3">
              <p className="font-medium text-slate-900">
                {session.browser}
                {session.current ? (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Signed in {session.signedIn} · last used {session.lastUsed}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <StatusButton
            name="intent"
            value={SIGN_OUT_EVERYWHERE}
            pending={sending === SIGN_OUT_EVERYWHERE}
            pendingText="Signing out..."
            className="bg-red-700 hover:bg-red-800"
          >
            Sign out everywhere
          </StatusButton>
          <p className="mt-2 text-sm text-slate-600">
            Ends every session and app sign-in of this account, this browser included.
          </p>
        </Form>
      </section>
    </div>
  );
}
