// The HTTP skeleton every payment and maps stand-in shares: a server on 127.0.0.1, each
// request's body read (bounded), a handler's crash answered in the provider's own error
// shape, and a close that ends open connections. The providers' APIs live in their modules.
import http from "node:http";
import type { AddressInfo } from "node:net";

const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super("Request body too large.");
  }
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** A request header's first value, or null. */
export function headerOf(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A small HTML page (a provider's hosted page: approve, pay, cancel). */
export function sendPage(response: http.ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

export type StandInRequest = {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  url: URL;
  method: string;
  raw: string;
};

export type StandInServer = { baseUrl: string; port: number; close(): Promise<void> };

/**
 * Starts a stand-in: `handle` answers each request (its body already read); `crashed` turns
 * an error it threw (or a body too large) into the provider's error answer. `port` 0 takes a
 * free one.
 */
export async function startStandInServer({
  port = 0,
  handle,
  crashed,
}: {
  port?: number;
  handle: (call: StandInRequest) => unknown;
  crashed: (error: unknown, response: http.ServerResponse) => void;
}): Promise<StandInServer> {
  let baseUrl = "";
  const server = http.createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      await handle({
        request,
        response,
        url: new URL(request.url ?? "/", baseUrl),
        method: request.method ?? "GET",
        raw,
      });
    })().catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      crashed(error, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    port: address.port,
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
