import { Writable } from "node:stream";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { applySecurityHeaders, configuredThirdParties, documentCsp } from "~/server/platform/security-headers.server";
import { nonceFor } from "~/server/platform/shared-render.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { routeHandle, type ThirdParty } from "~/utils/route-handle";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = nonceFor(loadContext);
  const thirdParties: ThirdParty[] = remixContext.staticHandlerContext.matches.flatMap(
    (match) => routeHandle(remixContext.routeModules[match.route.id]?.handle).thirdParties ?? [],
  );
  applySecurityHeaders(responseHeaders, documentCsp(nonce, configuredThirdParties(thirdParties)));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole document at once, for every client: no page defers data, and parts of a
        // page whose code loads lazily (the detailed quote form, the quote card) are then
        // rendered in place, so a browser without JavaScript gets them whole.
        onAllReady() {
          shellRendered = true;
          // Sent as one piece, since it is all here: the compression middleware makes a zlib
          // task of every write, and React writes a page in dozens of small chunks (streamed,
          // a gzip request was served at half the rate of a plain one).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during streaming after the shell are logged here; before it, they reach
          // the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // Logged on the server only; the error boundary never shows a stack trace in production.
  console.error(error);
}
