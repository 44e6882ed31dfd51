// Moving a site from one machine's upload folder to a bucket: every object of the folder is
// copied to the same key in the bucket. Run again, it copies only what is missing or differs
// in size, so a copy stopped half way (or made before the last uploads) can simply be resumed.
import type { FileStorage } from "./file-storage.server";

export type CopyReport = { copied: number; skipped: number; bytes: number };

export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onProgress: (key: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const object of await from.list("")) {
    const there = await to.stat(object.key);
    if (there && there.sizeBytes === object.sizeBytes) {
      report.skipped++;
      continue;
    }
    const source = await from.read(object.key);
    if (!source) continue; // removed meanwhile (a clean-up pass)
    const { sizeBytes } = await to.write(object.key, source.stream);
    if (sizeBytes !== object.sizeBytes)
      throw new Error(`${object.key}: copied ${sizeBytes} of ${object.sizeBytes} bytes`);
    report.copied++;
    report.bytes += sizeBytes;
    onProgress(object.key);
  }
  return report;
}
