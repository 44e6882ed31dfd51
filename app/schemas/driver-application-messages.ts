// The driver application's messages, options and document fields, with no zod in them: the
// page shows these without loading the schemas (schemas/driver-application.ts, loaded when
// the form is first used).
import type { Acceptance } from "~/domain/file-types";
import { VAN_LABELS, VAN_SIZES } from "~/domain/vans";

export const DRIVER_APPLICATION_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  landline: "Please enter a mobile number: we text you about your jobs",
  experience: "Please select your experience",
  vanType: "Please select your van type",
  location: "Location is required",
  licenseDocument: "Driver's license is required",
  insuranceDocument: "Insurance certificate is required",
  liabilityDocument: "Public liability insurance is required",
  vehiclePhoto: "Vehicle photo is required",
  agreement: "You must accept the terms and conditions",
} as const;

// The outcome texts of the application.
export const DRIVER_APPLICATION_OUTCOMES = {
  successInline: "Application submitted successfully!",
  successToast: {
    title: "Application Submitted",
    description: "We've received your application and will review it shortly.",
  },
  failureInline: (serverText: string) => `Submission failed: ${serverText}`,
  failureToast: {
    title: "Submission Failed",
    description: "There was a problem submitting your application. Please try again.",
  },
  duplicate:
    "An application with this email address is already being reviewed. We'll be in touch as soon as it has been checked.",
} as const;

export const EXPERIENCE_OPTIONS = [
  { value: "0-1", label: "0-1 years" },
  { value: "1-3", label: "1-3 years" },
  { value: "3-5", label: "3-5 years" },
  { value: "5+", label: "5+ years" },
] as const;

export const VAN_TYPE_OPTIONS = VAN_SIZES.map((size) => ({ value: size, label: VAN_LABELS[size] }));

export const DOCUMENT_FIELDS = [
  { name: "licenseDocument", kind: "license", label: "Driver's licence", accepts: "document" },
  { name: "insuranceDocument", kind: "insurance", label: "Insurance certificate", accepts: "document" },
  { name: "liabilityDocument", kind: "liability", label: "Public liability insurance", accepts: "document" },
  { name: "vehiclePhoto", kind: "vehiclePhoto", label: "Vehicle photo", accepts: "image" },
] as const satisfies readonly { name: string; kind: string; label: string; accepts: Acceptance }[];

export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export type DocumentFieldName = DocumentField["name"];

export function documentField(name: string): DocumentField | undefined {
  return DOCUMENT_FIELDS.find((field) => field.name === name);
}

/** With a file kept from an earlier no-JS attempt, the file input takes this name instead. */
export const replacementName = (name: DocumentFieldName) => `${name}Replacement`;

export const fileMessages = {
  wrongType: (field: DocumentField) =>
    field.accepts === "image"
      ? `${field.label} must be an image (JPEG, PNG, WebP or HEIC)`
      : `${field.label} must be a PDF or an image (JPEG, PNG, WebP or HEIC)`,
  tooLarge: (field: DocumentField, maxMb: number) => `${field.label} is too large (the limit is ${maxMb} MB)`,
  notFound: (field: DocumentField) =>
    `${field.label}: the uploaded file was not found or has expired. Please choose it again.`,
};

/**
 * Paths of uploaded documents, as the product stores them: "uploads/" and a random server-made
 * name (64 hex characters) with the extension of the detected type. Never a client's name.
 */
export const UPLOAD_PATH = /^uploads\/[a-f0-9]{64}\.(pdf|jpg|png|webp|heic|heif)$/;

// ---------------------------------------------------------------- chunked uploads

/** Client-made file ids: letters, digits, "-" and "_" only (they name a folder). */
// A fileId names the folder of its chunks, so it is a storage key's segment too (STORAGE_SEGMENT).
export const FILE_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{7,63}$/;
