// Every unknown path: a real 404 status and the not-found page, not indexed.
import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches, location }) =>
  seo({
    title: "404 Page Not Found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    matches,
    noindex: true,
  });

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

// Its own boundary (the loader's 404 stops here), so the page keeps this route's noindex meta.
export function ErrorBoundary() {
  return <NotFound />;
}
