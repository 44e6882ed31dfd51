// The browser side of the chunked upload API: each document is
// cut into 5 MB chunks, at most 4 chunks travel at once, each finished document is assembled
// into a stored file path; progress is the average of the documents' uploaded fractions.
// Runs only when JavaScript does; without it the form posts the files in one request.
import { CHUNK_SIZE_BYTES, PARALLEL_CHUNK_UPLOADS } from "~/domain/file-types";
import type { DocumentFieldName } from "~/schemas/driver-application-messages";

export type UploadJob = { field: DocumentFieldName; file: File };

export class UploadFailedError extends Error {
  constructor(
    message: string,
    /** The server's errors by field (a 400 from /api/drivers/apply), to show on the fields. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

function serverFieldErrors(body: string) {
  try {
    const parsed = JSON.parse(body) as { fieldErrors?: Record<string, string[]> };
    return parsed.fieldErrors && typeof parsed.fieldErrors === "object" ? parsed.fieldErrors : undefined;
  } catch {
    return undefined;
  }
}

/** The server's explanation of a failed call: its JSON `error`, else "status: body text". */
function serverText(status: number, statusText: string, body: string) {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string" && parsed.error) return parsed.error;
  } catch {
    // not JSON
  }
  return `${status}: ${body.trim() || statusText || "Request failed"}`;
}

function newFileId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Sends one chunk with XMLHttpRequest, for upload progress; retried once on a network or server error. */
function sendChunk(
  form: FormData,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  retry = 1,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/drivers/upload-chunk");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    const again = () => {
      onProgress(0);
      sendChunk(form, onProgress, signal, retry - 1).then(resolve, reject);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      if (xhr.status >= 500 && retry > 0) return again();
      reject(new UploadFailedError(serverText(xhr.status, xhr.statusText, xhr.responseText)));
    };
    xhr.onerror = () =>
      retry > 0 && !signal.aborted
        ? again()
        : reject(new UploadFailedError("Network error while uploading. Please check your connection."));
    xhr.onabort = () => reject(new UploadFailedError("Upload cancelled."));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new UploadFailedError(serverText(response.status, response.statusText, text), serverFieldErrors(text));
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Uploads every job's file by chunks and assembles it; resolves with the stored path of each
 * field. `onProgress` gets 0–100, the average of the files' uploaded fractions.
 */
export async function uploadDocuments(
  jobs: UploadJob[],
  onProgress: (percent: number) => void,
  { chunkSize = CHUNK_SIZE_BYTES, parallel = PARALLEL_CHUNK_UPLOADS } = {},
): Promise<Partial<Record<DocumentFieldName, string>>> {
  if (jobs.length === 0) {
    onProgress(100);
    return {};
  }
  const files = jobs.map((job) => {
    const totalChunks = Math.max(1, Math.ceil(job.file.size / chunkSize));
    return { ...job, fileId: newFileId(), totalChunks, sent: new Array<number>(totalChunks).fill(0), done: 0 };
  });
  const report = () => {
    const fractions = files.map(
      (file) => file.sent.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, file.file.size),
    );
    onProgress(Math.min(100, (fractions.reduce((sum, fraction) => sum + fraction, 0) / files.length) * 100));
  };
  report();

  const queue = files.flatMap((file) =>
    Array.from({ length: file.totalChunks }, (_, chunkIndex) => ({ file, chunkIndex })),
  );
  const paths: Partial<Record<DocumentFieldName, string>> = {};
  const controller = new AbortController();

  async function worker() {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const { file, chunkIndex } = task;
      const start = chunkIndex * chunkSize;
      const blob = file.file.slice(start, Math.min(file.file.size, start + chunkSize));
      const form = new FormData();
      form.append("chunk", blob, "chunk");
      form.append("chunkIndex", String(chunkIndex));
      form.append("totalChunks", String(file.totalChunks));
      form.append("fileId", file.fileId);
      form.append("fileName", file.file.name);
      form.append("fileType", file.file.type || "application/octet-stream");
      form.append("field", file.field);
      await sendChunk(
        form,
        (fraction) => {
          file.sent[chunkIndex] = fraction * blob.size;
          report();
        },
        controller.signal,
      );
      file.sent[chunkIndex] = blob.size;
      report();
      if (++file.done === file.totalChunks) {
        const assembled = await postJson("/api/drivers/assemble-chunks", {
          fileId: file.fileId,
          fileName: file.file.name,
          field: file.field,
        });
        if (typeof assembled.filePath !== "string")
          throw new UploadFailedError("The server did not return the stored file path.");
        paths[file.field] = assembled.filePath;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  } catch (error) {
    controller.abort();
    queue.length = 0;
    throw error;
  }
  return paths;
}

/** POST /api/drivers/apply with the application as JSON. */
export async function sendApplication(application: Record<string, unknown>) {
  await postJson("/api/drivers/apply", application);
}
