// What the driver app's service worker may keep a copy of, decided by the server and read by the
// worker (service-worker/driver.ts): a page is copied only when its answer says it is a signed-in
// driver's own page (DRIVER_COPY_HEADER), and the driver's list says which jobs are theirs now
// (DRIVER_JOBS_HEADER), so copies of any other job's pages are removed. A customer's page, the
// tracker included, never carries the header, so it is never stored, whoever used the phone before.
import type { HeadersFunction } from "@remix-run/node";

export const DRIVER_COPY_HEADER = "EasyMove-Driver-Copy";
export const DRIVER_JOBS_HEADER = "EasyMove-Driver-Jobs";

/** The headers of a driver's own page: it may be copied for offline use. */
export function driverCopyHeaders(jobIds?: readonly string[]) {
  return {
    [DRIVER_COPY_HEADER]: "yes",
    ...(jobIds ? { [DRIVER_JOBS_HEADER]: jobIds.join(",") } : {}),
  };
}

/** A route's `headers`: its loader's copy headers reach the page's answer (Remix passes only cookies by itself). */
export const passDriverCopyHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of [DRIVER_COPY_HEADER, DRIVER_JOBS_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
};

/** The job a copied page belongs to (its proof page or its chat), or null for the list and other pages. */
export function jobOfCopiedPage(url: URL): string | null {
  const proof = /^\/driver\/jobs\/([^/]+)\/complete$/.exec(url.pathname);
  if (proof) return decodeURIComponent(proof[1]!);
  if (url.pathname === "/booking-tracker") return url.searchParams.get("booking");
  return null;
}
