// The body of a page's form post, checked before the page's action reads it. Page actions
// call request.formData(), which throws a TypeError (so a 500) on a body that is not a form:
// another Content-Type (JSON, text), none at all, or a broken multipart body. And nothing
// else bounds a page post's size. So, before every page action (server-build.ts):
//   - a body that is not application/x-www-form-urlencoded or multipart/form-data → 415;
//     a bodiless post without a Content-Type (a bare "log out" button, a fetch) passes as
//     an empty form;
//   - a form over MAX_FORM_BODY_BYTES → 413, and a multipart body that cannot be read → 400,
//     except on pages that stream large uploads themselves (handle.largeBody), whose own
//     reader answers those.
// Each answer is a thrown Response with a plain sentence, shown by the error page.
// The limit itself is body-limits.server.ts's.
import { MAX_BODY_BYTES } from "./body-limits.server";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** How much of an oversized body is read and dropped before a 413 (more: the connection is cut). */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

/** The largest form a page reads in one piece (uploads on large-body pages have their own limits). */
export const MAX_FORM_BODY_BYTES = MAX_BODY_BYTES;

export const FORM_BODY_MESSAGES = {
  unsupported: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  unreadable: "The form could not be read. Please try again.",
  tooLarge: `The form is too large (the limit is ${MAX_FORM_BODY_BYTES / 1024 / 1024} MB).`,
} as const;

function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The body's bytes, counted as they arrive (Content-Length may be absent or wrong); null over
 * the limit. The rest of an oversized body is read and dropped (up to MAX_DRAINED_BYTES), so
 * the client gets the 413 rather than a reset connection. The API's JSON reader uses it too.
 */
export async function readBounded(request: Request, maxBytes: number): Promise<ArrayBuffer | null> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_DRAINED_BYTES) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_DRAINED_BYTES) return null;
      if (size <= maxBytes) chunks.push(chunk);
    }
  }
  if (size > maxBytes) return null;
  const bytes = Buffer.concat(chunks);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * A small urlencoded form posted to a large-body page (whose posts the guard leaves to the
 * page): read within MAX_FORM_BODY_BYTES, else a thrown 413.
 */
export async function boundedFormData(request: Request): Promise<FormData> {
  const bytes = await readBounded(request, MAX_FORM_BODY_BYTES);
  if (!bytes) throw refuse(413, FORM_BODY_MESSAGES.tooLarge);
  return new Response(bytes, { headers: { "Content-Type": URLENCODED } }).formData();
}

/** The same request with this body (and Content-Type), for the action to read as usual. */
function withBody(request: Request, body: ArrayBuffer, contentType?: string) {
  const headers = new Headers(request.headers);
  if (contentType) headers.set("Content-Type", contentType);
  headers.set("Content-Length", String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

export type FormBodyOptions = {
  /** The page streams large uploads with its own limits and reader (the driver application). */
  largeBody?: boolean;
};

/**
 * The request a page action may read with request.formData() without throwing, or a thrown
 * 4xx Response with a clear sentence.
 */
async function checkedFormRequest(request: Request, { largeBody = false }: FormBodyOptions = {}): Promise<Request> {
  if (!BODY_METHODS.has(request.method.toUpperCase())) return request;
  const type = (request.headers.get("content-type") ?? "").trim().toLowerCase();
  const isUrlencoded = type.startsWith(URLENCODED);
  const isMultipart = type.startsWith(MULTIPART);

  if (!isUrlencoded && !isMultipart) {
    const bytes = await readBounded(request, MAX_FORM_BODY_BYTES);
    if (type === "" && bytes?.byteLength === 0) return withBody(request, bytes, URLENCODED);
    throw refuse(415, FORM_BODY_MESSAGES.unsupported);
  }
  if (largeBody) return request;

  const bytes = await readBounded(request, MAX_FORM_BODY_BYTES);
  if (!bytes) throw refuse(413, FORM_BODY_MESSAGES.tooLarge);
  if (isMultipart) {
    try {
      await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw refuse(400, FORM_BODY_MESSAGES.unreadable);
    }
  }
  return withBody(request, bytes);
}

/**
 * A multipart body the parser could not read: not multipart at all (a TypeError), or broken
 * (its plain Errors all say "malformed …": a part's headers, its content-disposition, the
 * stream ending early). The caller answers 400, not a 500.
 */
export function isMalformedMultipart(error: unknown) {
  return error instanceof TypeError || (error instanceof Error && error.message.startsWith("malformed "));
}

type Action<Args extends { request: Request }, Result> = (args: Args) => Result;

/** Wraps a page's action so it reads only a checked form body (see checkedFormRequest). */
export function withFormBodyCheck<Args extends { request: Request }, Result>(
  action: Action<Args, Result>,
  options: FormBodyOptions = {},
) {
  return async (args: Args): Promise<Awaited<Result>> => {
    const request = await checkedFormRequest(args.request, options);
    return await action({ ...args, request });
  };
}
