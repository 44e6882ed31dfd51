import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { NotFound } from "~/components/not-found";
import { RouteFocus } from "~/components/route-focus";
import { ToastProvider } from "~/components/toaster";
import { AnnouncerProvider } from "~/components/ui/announcer";
import { HoneypotFieldsProvider } from "~/components/ui/honeypot-fields";
import { ServerHtml } from "~/components/ui/server-html";
import { getSessionUser } from "~/server/auth/auth.server";
import { siteRating } from "~/server/bookings/ratings.server";
import { nullWhileDatabaseIsDown } from "~/server/platform/db-errors.server";
import { publicConfig } from "~/server/platform/env.server";
import { honeypotInputProps } from "~/server/platform/shared-render.server";
import { takeToasts } from "~/server/platform/toast.server";
import stylesheet from "~/tailwind.css?url";
import { DEFAULT_PUBLIC_CONFIG } from "~/utils/config";
import { errorDetailsToShow } from "~/utils/error-details";
import { useNonce } from "~/utils/nonce-provider";
import { routeHandle } from "~/utils/route-handle";
import { HOME_META, seo } from "~/utils/seo";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ matches }) => seo({ ...HOME_META, path: "/", matches });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Without the database the page still renders, without the user menu (a degraded page).
  const [user, { toasts, setCookie }, rating] = await Promise.all([
    nullWhileDatabaseIsDown(getSessionUser(request)),
    takeToasts(request, context),
    nullWhileDatabaseIsDown(siteRating()),
  ]);
  return data(
    {
      user,
      toasts,
      config: publicConfig(),
      /** Customers' real rating of completed moves, or null below 10 of them (shown nowhere then). */
      siteRating: rating,
      honeypotInputProps: honeypotInputProps(context),
      // This page is the answer to a form with errors: its title starts "Error: " (utils/seo.ts).
      formErrors: context.formErrors === true,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

// The root loader runs again after every post, also one refused with a 4xx (which Remix would
// otherwise reload nothing for): it carries the toast the action flashed (answerWithToast).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;

const NO_TOASTS: never[] = [];

function useIsAdminPage() {
  return useMatches().some((match) => routeHandle(match.handle).adminChrome);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const config = rootData?.config ?? DEFAULT_PUBLIC_CONFIG;
  const admin = useIsAdminPage();
  return (
    <html lang="en-GB" className="bg-white">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <AnnouncerProvider>
          <HoneypotFieldsProvider value={rootData?.honeypotInputProps ?? {}}>
            <ToastProvider flashed={rootData?.toasts ?? NO_TOASTS}>
              <Header config={config} user={rootData?.user ?? null} admin={admin} />
              <main id="main" className="flex-1">
                {children}
              </main>
              {/* Hidden, not left out, on admin pages: HTML only (server-html.tsx), it is never
                  rendered in the browser, so it must be there when a client-side navigation leaves
                  the admin pages. */}
              <div hidden={admin}>
                <ServerHtml name="footer">{import.meta.env.SSR ? <Footer config={config} /> : null}</ServerHtml>
              </div>
            </ToastProvider>
          </HoneypotFieldsProvider>
          <RouteFocus />
        </AnnouncerProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFound reason={typeof error.data === "string" && error.data !== "Not Found" ? error.data : null} />;

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const details = errorDetailsToShow(error, import.meta.env.DEV);
  // 503: the database is briefly away (server-build.ts); the page says so and when to retry.
  const unavailable = isRouteErrorResponse(error) && status === 503;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {status === 500 ? "Something went wrong" : unavailable ? "Back in a moment" : `Error ${status}`}
      </h1>
      <p className="mt-4 text-slate-700">
        {isRouteErrorResponse(error) && (unavailable || status < 500) && typeof error.data === "string" && error.data
          ? error.data
          : "Sorry, we couldn't complete that request. Please try again, or contact support if it keeps happening."}
      </p>
      {details ? <pre className="mt-6 overflow-auto rounded bg-slate-100 p-4 text-left text-xs">{details}</pre> : null}
      <a href="/" className="mt-8 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white">
        Return to Home
      </a>
    </div>
  );
}
