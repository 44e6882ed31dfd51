// Driver applications: a validated application (its four documents already stored as pending
// uploads of the applicant's upload session) becomes a pending Driver with its StoredFile
// records; an email with an application under review (or an approved driver) cannot apply
// again; the applicant gets an acknowledgement by e-mail. Used by the page's action (no-JS
// form) and by POST /api/drivers/apply alike. Also: who may open a stored document.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { messageKey } from "~/domain/message-delivery";
import {
  DOCUMENT_FIELDS,
  driverApplicationFormSchema,
  DRIVER_APPLICATION_OUTCOMES,
  fileMessages,
  type DocumentFieldName,
  type DriverApplicationInput,
} from "~/schemas/driver-application";
import { withDriverPhone } from "~/schemas/phone-numbers";
import { queueMessage } from "~/server/messages/outbox.server";
import { parseByteRange } from "~/server/platform/byte-range.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { answerWithToast, redirectWithToast } from "~/server/platform/toast.server";
import { ensureUploadSession, findPendingDocuments, storageKeyOf } from "~/server/uploads/documents.server";
import { receiveApplicationForm } from "~/server/uploads/form.server";
import { getStorage } from "~/server/uploads/storage.server";

export type ApplicationResult =
  | { ok: true; driverId: string }
  | {
      ok: false;
      status: 400 | 409;
      message: string;
      fieldErrors: Partial<Record<"email" | DocumentFieldName, string[]>>;
    };

const APPROVED_DRIVER_MESSAGE =
  "This email address already belongs to an approved driver. Please sign in to your driver account instead.";

class DocumentsUnavailable extends Error {}
class DuplicateApplication extends Error {}

/** Why this email cannot apply now (an application under review, or an approved driver), or null. */
async function blockingApplication(email: string, client: Pick<typeof db, "driver"> = db) {
  const existing = await client.driver.findFirst({
    where: { email, approvalStatus: { in: ["pending", "approved"] } },
    select: { approvalStatus: true },
  });
  if (!existing) return null;
  return existing.approvalStatus === "pending" ? DRIVER_APPLICATION_OUTCOMES.duplicate : APPROVED_DRIVER_MESSAGE;
}

function documentErrors(fields: DocumentFieldName[]): ApplicationResult {
  const fieldErrors = Object.fromEntries(
    fields.map((name) => [name, [fileMessages.notFound(DOCUMENT_FIELDS.find((field) => field.name === name)!)]]),
  );
  const message =
    fields.length === 1
      ? fieldErrors[fields[0]!]![0]!
      : "Some documents were not found or have expired. Please choose them again.";
  return { ok: false, status: 400, message, fieldErrors };
}

export async function submitDriverApplication(
  input: DriverApplicationInput,
  uploadSessionId: string | null,
): Promise<ApplicationResult> {
  const email = input.email.trim().toLowerCase();
  const blocked = await blockingApplication(email);
  if (blocked) return { ok: false, status: 409, message: blocked, fieldErrors: { email: [blocked] } };

  // Every document must be a pending upload of this browser's upload session, of its kind.
  const paths = DOCUMENT_FIELDS.map((field) => input[field.name]);
  const pending = await findPendingDocuments(uploadSessionId, paths);
  const unavailable = DOCUMENT_FIELDS.filter(
    (field, index) => pending.get(paths[index]!)?.kind !== field.kind || paths.indexOf(paths[index]!) !== index,
  ).map((field) => field.name);
  if (unavailable.length > 0) return documentErrors(unavailable);

  let driverId: string;
  try {
    driverId = await db.$transaction(async (tx) => {
      // One application at a time per email, even when two arrive together.
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtext(${`driver-application:${email}`}))`;
      const blockedNow = await blockingApplication(email, tx);
      if (blockedNow) throw new DuplicateApplication(blockedNow);
      const driver = await tx.driver.create({
        data: {
          name: input.name,
          email,
          phone: input.phone,
          experience: input.experience,
          vanType: input.vanType,
          location: input.location,
          agreementAcceptedAt: new Date(),
        },
        select: { id: true },
      });
      // Claim the four documents; a document already claimed (or gone) fails the whole application.
      const claimed = await tx.storedFile.updateMany({
        where: { storageKey: { in: paths }, driverId: null },
        data: { driverId: driver.id },
      });
      if (claimed.count !== paths.length) throw new DocumentsUnavailable();
      await queueMessage(
        tx,
        "application-received",
        { driverId: driver.id },
        { key: messageKey("application-received", driver.id), recipient: email },
      );
      return driver.id;
    });
  } catch (error) {
    if (error instanceof DuplicateApplication)
      return { ok: false, status: 409, message: error.message, fieldErrors: { email: [error.message] } };
    if (error instanceof DocumentsUnavailable) return documentErrors(DOCUMENT_FIELDS.map((field) => field.name));
    throw error;
  }

  return { ok: true, driverId };
}

/** Applications (the form's posts and POST /api/drivers/apply) per client address. */
export const DRIVER_APPLY_RATE_LIMIT = { name: "driver-apply", limit: 20, windowSeconds: 10 * 60 };

// ---------------------------------------------------------------- reading documents

type Viewer = { id: string; role: "customer" | "driver" | "admin" };

/**
 * A stored document for someone allowed to see it: any active admin, or the driver whose
 * application it belongs to (once their account exists). 403 for anyone else signed in.
 */
export async function openDocument(viewer: Viewer, path: string, rangeHeader: string | null = null) {
  const key = storageKeyOf(path);
  const file = key
    ? await db.storedFile.findUnique({
        where: { storageKey: path },
        select: { mimeType: true, originalName: true, driver: { select: { userId: true } } },
      })
    : null;
  const allowed = viewer.role === "admin" || (file?.driver?.userId != null && file.driver.userId === viewer.id);
  if (!allowed) return { ok: false as const, status: 403 as const };
  const stored = file && key ? await getStorage().stat(key) : null;
  if (!file || !key || !stored) return { ok: false as const, status: 404 as const };
  const range = parseByteRange(rangeHeader, stored.sizeBytes);
  if (range === "unsatisfiable") return { ok: false as const, status: 416 as const, totalBytes: stored.sizeBytes };
  const object = await getStorage().read(key, range ?? undefined);
  if (!object) return { ok: false as const, status: 404 as const };
  return {
    ok: true as const,
    stream: object.stream,
    sizeBytes: object.sizeBytes,
    range: range ? { ...range, totalBytes: stored.sizeBytes } : null,
    mimeType: file.mimeType,
    originalName: file.originalName,
  };
}

// ---------------------------------------------------------------- the page (no JavaScript)

export type KeptDocuments = Partial<Record<DocumentFieldName, { path: string; originalName: string }>>;

export type ApplicationFormData = {
  result: SubmissionResult<string[]>;
  /** Documents already stored for this browser, kept for the next attempt. */
  kept: KeptDocuments;
  /** "Submission failed: …" when the server refused the application or a file. */
  failure: string | null;
};

/** The stored documents named in the form that this browser may still use, by field. */
async function keptDocuments(formData: FormData, sessionId: string): Promise<KeptDocuments> {
  const named = DOCUMENT_FIELDS.map((field) => ({ field, path: formData.get(field.name) })).filter(
    (entry): entry is { field: (typeof DOCUMENT_FIELDS)[number]; path: string } => typeof entry.path === "string",
  );
  const pending = await findPendingDocuments(
    sessionId,
    named.map((entry) => entry.path),
  );
  const kept: KeptDocuments = {};
  for (const { field, path } of named) {
    const document = pending.get(path);
    if (document?.kind === field.kind) kept[field.name] = { path, originalName: document.originalName };
  }
  return kept;
}

/**
 * The page's action: the whole application in one multipart post, documents streamed to
 * storage. Success redirects (with the success toast); a refusal comes back with the typed
 * fields, the field errors, and the documents kept so they need not be chosen again.
 */
export async function handleApplicationForm(request: Request, context: AppLoadContext) {
  const session = await ensureUploadSession(request);
  const headers = new Headers();
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  const refuse = (status: number, payload: ApplicationFormData) =>
    answerWithToast(request, context, {
      toast: payload.failure ? { ...DRIVER_APPLICATION_OUTCOMES.failureToast, variant: "error" } : null,
      data: payload,
      status,
      headers,
    });
  const formLevel = (message: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [message] } });

  const limit = await hitRateLimit(DRIVER_APPLY_RATE_LIMIT, clientAddress(context));
  if (!limit.allowed) {
    headers.set("Retry-After", String(limit.retryAfterSeconds));
    return refuse(429, {
      result: formLevel(TOO_MANY_REQUESTS_MESSAGE),
      kept: {},
      failure: DRIVER_APPLICATION_OUTCOMES.failureInline(TOO_MANY_REQUESTS_MESSAGE),
    });
  }

  const received = await receiveApplicationForm(request, session.id);
  if (!received.ok) {
    return refuse(received.status, {
      result: formLevel(received.message),
      kept: {},
      failure: DRIVER_APPLICATION_OUTCOMES.failureInline(received.message),
    });
  }

  // A bot in the honeypot is answered as if it had applied; nothing is saved or sent.
  if (isSpam(received.formData)) return redirect("/driver-registration?submitted=1", { status: 303, headers });
  const submission = parseWithZod(received.formData, { schema: withDriverPhone(driverApplicationFormSchema) });
  const fileErrors = Object.entries(received.fileErrors);
  let outcome: ApplicationResult | null = null;
  if (submission.status === "success" && fileErrors.length === 0) {
    const value = submission.value;
    const documents = DOCUMENT_FIELDS.map((field) => value[field.name]);
    if (documents.every((document): document is string => typeof document === "string")) {
      const [licenseDocument, insuranceDocument, liabilityDocument, vehiclePhoto] = documents as [
        string,
        string,
        string,
        string,
      ];
      outcome = await submitDriverApplication(
        { ...value, licenseDocument, insuranceDocument, liabilityDocument, vehiclePhoto },
        session.id,
      );
      if (outcome.ok) {
        return redirectWithToast(
          request,
          "/driver-registration?submitted=1",
          { ...DRIVER_APPLICATION_OUTCOMES.successToast, variant: "success" },
          { headers },
        );
      }
    }
  }

  const fieldErrors: Record<string, string[]> = Object.fromEntries(
    fileErrors.map(([name, message]) => [name, [message!]]),
  );
  if (outcome && !outcome.ok) Object.assign(fieldErrors, outcome.fieldErrors);
  const serverText =
    outcome && !outcome.ok
      ? outcome.message
      : fileErrors.length > 0
        ? fileErrors.map(([, message]) => message).join(" ")
        : null;
  const status =
    outcome && !outcome.ok
      ? outcome.status
      : Object.values(received.fileErrors).some((message) => message?.includes("too large"))
        ? 413
        : fileErrors.length > 0
          ? 415
          : 400;
  return refuse(status, {
    result: submission.reply({ fieldErrors, hideFields: DOCUMENT_FIELDS.map((field) => field.name) }),
    kept: await keptDocuments(received.formData, session.id),
    failure: serverText ? DRIVER_APPLICATION_OUTCOMES.failureInline(serverText) : null,
  });
}

/** The page's loader: starts the upload session (so chunk uploads share one) and the limits. */
export async function loadApplicationPage(request: Request) {
  const session = await ensureUploadSession(request);
  return data(
    { submitted: new URL(request.url).searchParams.get("submitted") === "1", maxFileMb: env.UPLOAD_MAX_FILE_MB },
    { headers: session.setCookie ? { "Set-Cookie": session.setCookie } : undefined },
  );
}
