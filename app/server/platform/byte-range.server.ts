// One HTTP byte range ("Range: bytes=a-b", "bytes=a-", "bytes=-n"), as PDF viewers and media
// players ask for part of a document. Several ranges in one header are answered whole.
export type ByteRangeAnswer = { start: number; end: number } | "unsatisfiable" | null;

/** The inclusive range asked for within `sizeBytes`, "unsatisfiable" (416), or null (send it all). */
export function parseByteRange(header: string | null, sizeBytes: number): ByteRangeAnswer {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || sizeBytes === 0) return "unsatisfiable";
    return { start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? sizeBytes - 1 : Math.min(Number(match[2]), sizeBytes - 1);
  if (start >= sizeBytes || end < start) return "unsatisfiable";
  return { start, end };
}
