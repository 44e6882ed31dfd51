// Byte-stream helpers for uploads: every file is streamed, never held whole in memory.

/** A document went over its size limit while streaming. */
export class FileTooLargeError extends Error {}
/** A whole request (or one of its text fields) went over its limit. */
export class RequestTooLargeError extends Error {}

/**
 * Reads until at least `length` bytes (or the end); gives them and a stream of everything. A
 * read that fails closes the source; a caller that stops reading closes it itself.
 */
export async function peek(source: AsyncIterable<Uint8Array>, length: number) {
  const iterator = source[Symbol.asyncIterator]();
  const close = async () => {
    await iterator.return?.();
  };
  const buffered: Uint8Array[] = [];
  let size = 0;
  let done = false;
  try {
    while (size < length) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      buffered.push(next.value);
      size += next.value.byteLength;
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  const head = Buffer.concat(buffered).subarray(0, length);
  async function* all() {
    yield* buffered;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: new Uint8Array(head), stream: all() };
}

/** Passes the stream through, throwing FileTooLargeError once it exceeds `maxBytes`. */
export async function* limited(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FileTooLargeError();
    yield chunk;
  }
}

/** Reads and discards the rest of a stream. */
export async function drain(source: AsyncIterable<Uint8Array>) {
  for await (const _chunk of source) {
    // discarded
  }
}

/** The largest text field of a multipart upload. */
const MAX_TEXT_PART_BYTES = 16 * 1024;

/** A multipart text field as a string; RequestTooLargeError over MAX_TEXT_PART_BYTES. */
export async function readTextPart(source: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > MAX_TEXT_PART_BYTES) throw new RequestTooLargeError();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
