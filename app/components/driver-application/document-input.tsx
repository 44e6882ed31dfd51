// One document of the application: a file input with what it accepts, its error, and (after
// a refused no-JS post) the file already stored for this browser, which need not be chosen
// again: it travels in a hidden input and the file input then only replaces it.
import type { FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/ui/field";
import { acceptAttribute } from "~/domain/file-types";
import { replacementName, type DocumentField } from "~/schemas/driver-application-messages";

export type KeptDocument = { path: string; originalName: string };

export function DocumentInput({
  meta,
  field,
  kept,
  maxFileMb,
  disabled,
}: {
  meta: FieldMetadata<unknown>;
  field: DocumentField;
  kept: KeptDocument | undefined;
  maxFileMb: number;
  disabled?: boolean;
}) {
  const hintId = `${meta.id}-hint`;
  const errors = meta.errors;
  const errorId = errors?.length ? meta.errorId : undefined;
  const what =
    field.accepts === "image" ? "A photo (JPEG, PNG, WebP or HEIC)" : "A PDF or a photo (JPEG, PNG, WebP or HEIC)";
  return (
    <div data-testid={`document-${field.name}`}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        {field.label}
      </label>
      {kept ? (
        <>
          <input type="hidden" name={meta.name} value={kept.path} />
          <p className="mb-1 text-sm text-green-800" data-testid="kept-document">
            Already uploaded: <strong className="font-semibold">{kept.originalName}</strong>. Choose a file only to
            replace it.
          </p>
        </>
      ) : null}
      <input
        id={meta.id}
        type="file"
        name={kept ? replacementName(field.name as Parameters<typeof replacementName>[0]) : meta.name}
        accept={acceptAttribute(field.accepts)}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
        className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-800 file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200 aria-[invalid=true]:border-red-600"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {what}, up to {maxFileMb} MB.
      </p>
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  );
}
