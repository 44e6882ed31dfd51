// Server-sent events read from a route's streamed answer, as a browser's EventSource would.

/** Reads server-sent events from a stream until `until` matches one, or the time is up. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  until: (event: { event: string; data: string }) => boolean,
  timeoutMs = 5000,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = { event: "message", data: "" };
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event.event = line.slice(6).trim();
          if (line.startsWith("data:")) event.data += line.slice(5).trim();
        }
        events.push(event);
        if (until(event)) return events;
      }
    }
    return events;
  } finally {
    reader.releaseLock();
  }
}
