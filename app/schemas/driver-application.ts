// The driver application's validation, with the product's messages
// word for word. One form schema serves the page's action (no-JS multipart post) and conform
// in the browser; the API schemas serve the chunked upload and JSON application endpoints.
import { z } from "zod";
import { VAN_SIZES } from "~/domain/vans";
import {
  DOCUMENT_FIELDS,
  DRIVER_APPLICATION_MESSAGES,
  FILE_ID,
  fileMessages,
  UPLOAD_PATH,
  type DocumentField,
  type DocumentFieldName,
} from "./driver-application-messages";

export * from "./driver-application-messages";

const EXPERIENCE_VALUES = ["0-1", "1-3", "3-5", "5+"] as const;

const DOCUMENT_FIELD_NAMES = DOCUMENT_FIELDS.map((field) => field.name) as [DocumentFieldName, ...DocumentFieldName[]];

const applicantFields = {
  name: z
    .string({ required_error: DRIVER_APPLICATION_MESSAGES.name })
    .trim()
    .min(2, DRIVER_APPLICATION_MESSAGES.name)
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ required_error: DRIVER_APPLICATION_MESSAGES.email })
    .trim()
    .max(254, DRIVER_APPLICATION_MESSAGES.email)
    .email(DRIVER_APPLICATION_MESSAGES.email),
  phone: z
    .string({ required_error: DRIVER_APPLICATION_MESSAGES.phone })
    .trim()
    .min(10, DRIVER_APPLICATION_MESSAGES.phone)
    .max(30, DRIVER_APPLICATION_MESSAGES.phone)
    .regex(/^[+\d\s().-]+$/, DRIVER_APPLICATION_MESSAGES.phone),
  experience: z.enum(EXPERIENCE_VALUES, { errorMap: () => ({ message: DRIVER_APPLICATION_MESSAGES.experience }) }),
  vanType: z.enum(VAN_SIZES, { errorMap: () => ({ message: DRIVER_APPLICATION_MESSAGES.vanType }) }),
  location: z
    .string({ required_error: DRIVER_APPLICATION_MESSAGES.location })
    .trim()
    .min(1, DRIVER_APPLICATION_MESSAGES.location)
    .max(200, "Location must be at most 200 characters"),
};

const agreement = z
  .boolean({ errorMap: () => ({ message: DRIVER_APPLICATION_MESSAGES.agreement }) })
  .refine((accepted) => accepted, DRIVER_APPLICATION_MESSAGES.agreement);

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/**
 * A document on the form: a chosen file (in the browser) or the path of a file already
 * stored (on the server, after streaming, or kept from an earlier attempt).
 */
function formDocument(field: DocumentField) {
  const required = DRIVER_APPLICATION_MESSAGES[field.name];
  return z
    .custom<File | string>(
      (value) => (isFile(value) && value.size > 0) || (typeof value === "string" && UPLOAD_PATH.test(value)),
      required,
    )
    .refine(
      // A first check by declared type, for quick feedback; the server checks the content.
      (value) => field.accepts !== "image" || !isFile(value) || value.type === "" || value.type.startsWith("image/"),
      fileMessages.wrongType(field),
    );
}

export const driverApplicationFormSchema = z.object({
  ...applicantFields,
  licenseDocument: formDocument(DOCUMENT_FIELDS[0]),
  insuranceDocument: formDocument(DOCUMENT_FIELDS[1]),
  liabilityDocument: formDocument(DOCUMENT_FIELDS[2]),
  vehiclePhoto: formDocument(DOCUMENT_FIELDS[3]),
  agreement,
});

const pathDocument = (name: DocumentFieldName) =>
  z
    .string({
      required_error: DRIVER_APPLICATION_MESSAGES[name],
      invalid_type_error: DRIVER_APPLICATION_MESSAGES[name],
    })
    .trim()
    .min(1, DRIVER_APPLICATION_MESSAGES[name])
    .regex(
      UPLOAD_PATH,
      "Invalid file path: upload the file first with /api/drivers/upload-chunk and /api/drivers/assemble-chunks",
    );

/** POST /api/drivers/apply: the application with the four stored file paths. */
export const driverApplicationApiSchema = z.object({
  ...applicantFields,
  licenseDocument: pathDocument("licenseDocument"),
  insuranceDocument: pathDocument("insuranceDocument"),
  liabilityDocument: pathDocument("liabilityDocument"),
  vehiclePhoto: pathDocument("vehiclePhoto"),
  agreement: z.preprocess((value) => (value === "true" || value === "on" ? true : value), agreement),
});

/** A validated application whose documents are stored paths. */
export type DriverApplicationInput = z.infer<typeof driverApplicationApiSchema>;

const fileId = z
  .string({ required_error: "fileId is required" })
  .regex(FILE_ID, "Invalid fileId: use 8 to 64 letters, digits, '-' or '_', not starting with '-'");
const fileName = z
  .string({ required_error: "fileName is required" })
  .trim()
  .min(1, "fileName is required")
  .max(255, "fileName is too long");
const fieldName = z.enum(DOCUMENT_FIELD_NAMES, {
  errorMap: () => ({ message: `field must be one of ${DOCUMENT_FIELD_NAMES.join(", ")}` }),
});

/** The text fields of POST /api/drivers/upload-chunk (the chunk itself is the file part). */
export function uploadChunkSchema(maxChunks: number) {
  return z
    .object({
      chunkIndex: z.coerce
        .number({ invalid_type_error: "chunkIndex must be a whole number" })
        .int("chunkIndex must be a whole number")
        .min(0, "chunkIndex is out of range"),
      totalChunks: z.coerce
        .number({ invalid_type_error: "totalChunks must be a whole number" })
        .int("totalChunks must be a whole number")
        .min(1, "totalChunks must be at least 1")
        .max(maxChunks, `totalChunks is too large: the file would be over the size limit`),
      fileId,
      fileName,
      fileType: z.string().max(255).optional(),
      field: fieldName,
    })
    .refine((value) => value.chunkIndex < value.totalChunks, {
      message: "chunkIndex is out of range",
      path: ["chunkIndex"],
    });
}

/** POST /api/drivers/assemble-chunks. */
export const assembleChunksSchema = z.object({ fileId, fileName, field: fieldName });
