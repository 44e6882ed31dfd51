// The driver application. Without JavaScript it is one multipart
// post to the page's action, files and all. With JavaScript, conform validates as you type;
// on submit each document goes through the chunked upload API (5 MB chunks, 4 at a time)
// while the progress bar shows the average progress of the files, then the application is
// sent as JSON to /api/drivers/apply. Outcome messages and toasts are the product's.
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { StatusButton } from "~/components/ui/button";
import { ErrorList, Field, SelectField } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import {
  DOCUMENT_FIELDS,
  DRIVER_APPLICATION_OUTCOMES,
  EXPERIENCE_OPTIONS,
  replacementName,
  VAN_TYPE_OPTIONS,
  type DocumentFieldName,
} from "~/schemas/driver-application-messages";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";
import { useValidatedForm } from "~/utils/use-validated-form";
import { sendApplication, uploadDocuments, UploadFailedError, type UploadJob } from "./chunked-upload";
import { DocumentInput, type KeptDocument } from "./document-input";
import { UploadProgress } from "./upload-progress";

export type ApplicationActionData = {
  result: SubmissionResult<string[]>;
  kept: Partial<Record<DocumentFieldName, KeptDocument>>;
  failure: string | null;
};

type Phase = "idle" | "uploading" | "submitting";
/** What the browser did since the page loaded; null until its first submission. */
type Outcome = { kind: "sending" } | { kind: "success" } | { kind: "failure"; message: string } | null;

/** The page's application: outcome messages, toasts and the form (remounted to reset it). */
export function DriverApplication({
  submitted,
  maxFileMb,
  actionData,
}: {
  submitted: boolean;
  maxFileMb: number;
  actionData: ApplicationActionData | undefined;
}) {
  const [resetCount, setResetCount] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const showToast = useToast();
  // The server's answer (no-JS post) belongs to the form as first rendered, not to a reset one.
  const fromServer = resetCount === 0 ? actionData : undefined;
  const showSuccess = outcome ? outcome.kind === "success" : submitted && !actionData;
  const failure = outcome ? (outcome.kind === "failure" ? outcome.message : null) : (fromServer?.failure ?? null);

  return (
    <>
      {showSuccess ? (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-4 font-semibold text-green-900"
          data-testid="application-success"
        >
          {DRIVER_APPLICATION_OUTCOMES.successInline}
        </p>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="application-failure"
        >
          {failure}
        </p>
      ) : null}
      <ApplicationForm
        key={resetCount}
        lastResult={fromServer?.result}
        kept={fromServer?.kept}
        maxFileMb={maxFileMb}
        onStart={() => setOutcome({ kind: "sending" })}
        onSuccess={() => {
          setOutcome({ kind: "success" });
          showToast({ ...DRIVER_APPLICATION_OUTCOMES.successToast, variant: "success" });
          setResetCount((count) => count + 1);
        }}
        onFailure={(message) => {
          setOutcome({ kind: "failure", message: DRIVER_APPLICATION_OUTCOMES.failureInline(message) });
          showToast({ ...DRIVER_APPLICATION_OUTCOMES.failureToast, variant: "error" });
        }}
      />
    </>
  );
}

function ApplicationForm({
  lastResult,
  kept,
  maxFileMb,
  onStart,
  onSuccess,
  onFailure,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  kept: Partial<Record<DocumentFieldName, KeptDocument>> | undefined;
  maxFileMb: number;
  onStart: () => void;
  onSuccess: () => void;
  onFailure: (message: string) => void;
}) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  // The API's errors by field (a number the server refuses), shown on the fields as a no-JS post's are.
  const [serverResult, setServerResult] = useState<SubmissionResult<string[]>>();
  const busy = useRef(false);

  async function send(formData: FormData, value: Record<string, unknown>) {
    if (busy.current) return;
    busy.current = true;
    onStart();
    setProgress(0);
    setPhase("uploading");
    try {
      const jobs: UploadJob[] = [];
      const paths: Partial<Record<DocumentFieldName, string>> = {};
      for (const field of DOCUMENT_FIELDS) {
        const replacement = formData.get(replacementName(field.name));
        const chosen = replacement instanceof File && replacement.size > 0 ? replacement : value[field.name];
        if (chosen instanceof File) jobs.push({ field: field.name, file: chosen });
        else if (typeof chosen === "string") paths[field.name] = chosen;
      }
      Object.assign(paths, await uploadDocuments(jobs, setProgress));
      setPhase("submitting");
      await sendApplication({
        name: value.name,
        email: value.email,
        phone: value.phone,
        experience: value.experience,
        vanType: value.vanType,
        location: value.location,
        ...paths,
        agreement: value.agreement === true,
        // The honeypot's fields go along, for the server to check as it does a posted form.
        ...Object.fromEntries(Object.values(HONEYPOT_FIELDS).map((name) => [name, formData.get(name)])),
      });
      onSuccess();
    } catch (error) {
      if (error instanceof UploadFailedError && error.fieldErrors)
        setServerResult({ status: "error", error: error.fieldErrors });
      onFailure(error instanceof UploadFailedError ? error.message : "Something went wrong. Please try again.");
      setPhase("idle");
    } finally {
      busy.current = false;
    }
  }

  const [form, fields] = useValidatedForm(
    () => import("~/schemas/driver-application").then((schemas) => schemas.driverApplicationFormSchema),
    {
      id: "driver-application",
      lastResult: serverResult ?? lastResult,
      pending: false,
      onSubmit(event, { formData, submission }) {
        // With JavaScript the files go through the chunked upload API instead of this post.
        event.preventDefault();
        if (submission?.status === "success") void send(formData, submission.value as Record<string, unknown>);
      },
    },
  );

  const working = phase !== "idle";
  const toChooseAgain = lastResult?.status === "error" ? DOCUMENT_FIELDS.filter((field) => !kept?.[field.name]) : [];

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-6">
      <HoneypotFields />
      <FormErrorSummary form={form} />
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={working}>
        <legend className="mb-2 text-lg font-semibold text-slate-900">About you</legend>
        <Field
          label="Full Name"
          autoComplete="name"
          {...getInputProps(fields.name, { type: "text" })}
          id={fields.name.id}
          errors={fields.name.errors}
        />
        <Field
          label="Email Address"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          id={fields.email.id}
          errors={fields.email.errors}
        />
        <Field
          label="Phone Number"
          autoComplete="tel"
          {...getInputProps(fields.phone, { type: "tel" })}
          id={fields.phone.id}
          errors={fields.phone.errors}
        />
        <Field
          label="Location"
          placeholder="e.g. Newcastle upon Tyne"
          {...getInputProps(fields.location, { type: "text" })}
          id={fields.location.id}
          errors={fields.location.errors}
        />
        <SelectField
          label="Driving Experience"
          {...getSelectProps(fields.experience)}
          id={fields.experience.id}
          errors={fields.experience.errors}
          options={[{ value: "", label: "Select your experience" }, ...EXPERIENCE_OPTIONS]}
        />
        <SelectField
          label="Van Type"
          {...getSelectProps(fields.vanType)}
          id={fields.vanType.id}
          errors={fields.vanType.errors}
          options={[{ value: "", label: "Select your van type" }, ...VAN_TYPE_OPTIONS]}
        />
      </fieldset>

      <fieldset className="space-y-4" disabled={working}>
        <legend className="mb-2 text-lg font-semibold text-slate-900">Documents</legend>
        {toChooseAgain.length > 0 ? (
          <p
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="choose-again"
          >
            Please choose these files again: {toChooseAgain.map((field) => field.label).join(", ")}.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {DOCUMENT_FIELDS.map((field) => (
            <DocumentInput
              key={field.name}
              meta={fields[field.name]}
              field={field}
              kept={kept?.[field.name]}
              maxFileMb={maxFileMb}
            />
          ))}
        </div>
      </fieldset>

      <div>
        <div className="flex items-start gap-2">
          <input
            {...getInputProps(fields.agreement, { type: "checkbox" })}
            disabled={working}
            className="mt-1 size-4 rounded border-slate-400 text-blue-700 focus:ring-blue-600"
          />
          <label htmlFor={fields.agreement.id} className="text-sm text-slate-800">
            I accept the{" "}
            <Link to="/terms-and-conditions" className="font-semibold text-blue-700 underline">
              terms and conditions
            </Link>{" "}
            and understand that I, as an independent driver, am responsible for the goods I carry.
          </label>
        </div>
        <ErrorList id={fields.agreement.errorId} errors={fields.agreement.errors} />
      </div>

      {working ? <UploadProgress percent={progress} phase={phase} /> : null}

      <StatusButton pending={working} pendingText="Submitting..." className="w-full px-6 py-3 text-base sm:w-auto">
        Submit Application
      </StatusButton>
    </Form>
  );
}
