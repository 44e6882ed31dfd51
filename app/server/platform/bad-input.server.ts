// Text PostgreSQL cannot store. A NUL byte (%00 in a query string, a route param or a form
// field) makes every query that carries it fail (Prisma P2039, PostgreSQL 22021), wherever
// the text came from: a booking id, a search, an e-mail. Rather than a 500, the request gets
// a 400 that says so: server-build.ts wraps every loader and action with this, next to the
// database-outage answer. No environment is read here.

export const INVALID_TEXT_MESSAGE = "The request contains characters that cannot be used (such as a NUL byte).";

/** Whether the error is the database refusing the bytes of a text it was given. */
function isInvalidTextInput(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause, meta } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (code === "P2039" || code === "22021") return true;
    if (typeof message === "string" && /invalid byte sequence for encoding/i.test(message)) return true;
    current = meta?.driverAdapterError ?? cause;
  }
  return false;
}

type Handler<Args extends { request: Request }, Result> = (args: Args) => Result;

/**
 * Wraps a loader or action: a text the database refuses is a 400 (JSON { error, message } for
 * resource routes, answered; the error page with the sentence for pages, thrown).
 */
export function withInvalidTextAsBadRequest<Args extends { request: Request }, Result>(
  handler: Handler<Args, Result>,
  { resource }: { resource: boolean },
) {
  return async (args: Args): Promise<Awaited<Result> | Response> => {
    try {
      return await handler(args);
    } catch (thrown) {
      if (thrown instanceof Response || !isInvalidTextInput(thrown)) throw thrown;
      if (resource)
        return Response.json({ error: INVALID_TEXT_MESSAGE, message: INVALID_TEXT_MESSAGE }, { status: 400 });
      throw new Response(INVALID_TEXT_MESSAGE, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  };
}
