// The driver application's no-JS form: one multipart post with the text fields and the four
// documents, each document streamed to storage as it arrives.
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { documentField, DOCUMENT_FIELDS, type DocumentFieldName } from "~/schemas/driver-application";
import { maxApplicationFormBytes, MB } from "~/server/platform/body-limits.server";
import { isMalformedMultipart } from "~/server/platform/form-body.server";
import { discardPendingDocuments, storeDocument, type StoredDocument, type UploadFailure } from "./documents.server";
import { drain, readTextPart, RequestTooLargeError } from "./streams.server";

const MAX_PARTS = 40;

export type ReceivedForm =
  | {
      ok: true;
      /** The text fields, plus each accepted document's path under its field name. */
      formData: FormData;
      /** Documents stored by this request, by field. */
      stored: Partial<Record<DocumentFieldName, StoredDocument>>;
      /** Documents refused by this request (type or size), by field. */
      fileErrors: Partial<Record<DocumentFieldName, string>>;
    }
  | UploadFailure;

/** The field a file part belongs to: "vehiclePhoto" or, when replacing a kept file, "vehiclePhotoReplacement". */
function fieldOfPart(name: string) {
  return documentField(name.endsWith("Replacement") ? name.slice(0, -"Replacement".length) : name);
}

/**
 * Reads the application form's multipart body: text fields (small, capped) into memory, each
 * document streamed to storage as it arrives. Limits: UPLOAD_MAX_FILE_MB a document, four
 * documents and 1 MB of text a request.
 */
export async function receiveApplicationForm(request: Request, sessionId: string): Promise<ReceivedForm> {
  const requestLimit = maxApplicationFormBytes();
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > requestLimit) return requestTooLarge(requestLimit);

  const stored: Partial<Record<DocumentFieldName, StoredDocument>> = {};
  const fileErrors: Partial<Record<DocumentFieldName, string>> = {};
  let total = 0;
  let parts = 0;
  const metered = async function* (data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > requestLimit) throw new RequestTooLargeError();
      yield chunk;
    }
  };

  const handler = async (part: UploadHandlerPart): Promise<string | null> => {
    if (++parts > MAX_PARTS) throw new RequestTooLargeError();
    const data = metered(part.data);
    if (typeof part.filename !== "string") return readTextPart(data);
    const field = fieldOfPart(part.name);
    // Unknown file parts, and file inputs left empty, are read past and ignored.
    if (!field || part.filename === "" || stored[field.name]) {
      await drain(data);
      return null;
    }
    const result = await storeDocument({ sessionId, field, originalName: part.filename, source: data });
    await drain(data);
    if (!result.ok) {
      fileErrors[field.name] = result.message;
      return null;
    }
    stored[field.name] = result;
    return null;
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await discardPendingDocuments(Object.values(stored).map((document) => document.path));
    if (error instanceof RequestTooLargeError) return requestTooLarge(requestLimit);
    if (isMalformedMultipart(error))
      return { ok: false, status: 400, message: "The form could not be read. Please try again." };
    throw error;
  }

  for (const field of DOCUMENT_FIELDS) {
    formData.delete(`${field.name}Replacement`);
    // A new file replaces a kept one; a refused new file replaces nothing (its error shows).
    const document = stored[field.name];
    if (document) formData.set(field.name, document.path);
  }
  return { ok: true, formData, stored, fileErrors };
}

function requestTooLarge(limit: number): UploadFailure {
  return {
    ok: false,
    status: 413,
    message: `The files are too large together (the limit is ${Math.round(limit / MB)} MB for one application).`,
  };
}
