// /driver/jobs/:id/complete: the driver completes a job by handing in its proof of delivery,
// or, with ?stop=N, a drop-off stop of a multi-stop move: at least one photo (the phone's camera opens: capture="environment"),
// the recipient's name, a signature and any damage noted. Without JavaScript the recipient's
// typed name is the signature; with it, they can sign on the screen. One multipart post,
// whose photos are streamed, checked and resized on the server (handle.largeBody).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  DRIVER_APP_LINKS,
  DRIVER_APP_META,
  DriverApp,
  queuedEffect,
  queuedForJob,
  useOfflineQueue,
  WaitingToSend,
} from "~/components/driver/driver-app";
import { SignaturePad, type SignaturePadHandle } from "~/components/driver/signature-pad";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary, fieldIdOf, type FormErrorMap } from "~/components/ui/error-summary";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import { completeJobPath, PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
import { progressAfter, proofBlocker } from "~/domain/job-progress";
import { ukDateTime } from "~/domain/uk-calendar";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { DAMAGE_NOTES_MAX, RECIPIENT_NAME_MAX } from "~/schemas/delivery-proof-messages";
import { requireUser } from "~/server/auth/auth.server";
import { completeWithProof, jobToComplete, receiveProof } from "~/server/bookings/delivery-proofs.server";
import { driverHadJob } from "~/server/drivers/offline-queue.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { driverCopyHeaders, passDriverCopyHeaders } from "~/utils/driver-app-copies";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { largeBody: true };

export const links: LinksFunction = () => DRIVER_APP_LINKS;

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) => [
  ...seo({
    title: page
      ? page.job.stopTitle
        ? `${page.job.stopTitle}, job ${page.job.reference}`
        : `Complete job ${page.job.reference}`
      : "Complete a job",
    description: "Hand in the proof of delivery and complete the job.",
    path: `/driver/jobs/${params.id ?? ""}/complete`,
    matches,
    noindex: true,
  }),
  DRIVER_APP_META,
];

const NOT_FOUND = "That job is not assigned to you.";
const NOT_YOURS_NOW = "This job is not yours any more.";
const FORM_ID = "delivery-proof";

/** ?stop=N names a drop-off stop (1 to 4); without it, the final delivery (0). */
function stopOf(request: Request): number | null {
  const stop = new URL(request.url).searchParams.get("stop");
  if (stop === null) return 0;
  return /^[1-9]$/.test(stop) ? Number(stop) : null;
}

async function findJob(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const stop = stopOf(request);
  const job = id && RECORD_ID_PATTERN.test(id) && stop !== null ? await jobToComplete(id, user, stop) : null;
  if (!job) {
    // A job the driver had (given back, or given to another driver) says so.
    const reason = id && RECORD_ID_PATTERN.test(id) && (await driverHadJob(user, id)) ? NOT_YOURS_NOW : NOT_FOUND;
    throw new Response(reason, { status: 404, statusText: "Not Found" });
  }
  return { user, job };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { job, user } = await findJob(request, params.id);
  // The job's own driver may keep this page for offline use; an admin's view is not copied.
  const mine = user.role === "driver";
  return data({ job, syncedAt: ukDateTime().time }, { headers: mine ? driverCopyHeaders() : {} });
}

export const headers = passDriverCopyHeaders;

type ProofAnswer = {
  errors: FormErrorMap;
  /** The text as typed, to fill the form again. */
  fields: { recipientName?: string; signedName?: string; damageNotes?: string };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, job } = await findJob(request, params.id);
  if (job.blocker) return data<ProofAnswer>({ errors: { "": [job.blocker] }, fields: {} }, { status: 409 });

  const received = await receiveProof(request, job.id);
  if (!received.ok)
    return data<ProofAnswer>({ errors: received.errors, fields: received.fields }, { status: received.status });

  const done = await completeWithProof({ bookingId: job.id, stop: job.stop, user, ...received.proof });
  if (!done.ok)
    return data<ProofAnswer>({ errors: { "": [done.message] }, fields: received.fields }, { status: done.status });
  return redirectWithToast(request, "/driver", {
    title: job.stopTitle ? `${job.stopTitle} done` : "Job completed",
    description: `${job.reference}: the customer can see the proof of delivery.`,
    variant: "success",
  });
}

export default function CompleteJob() {
  const { job, syncedAt } = useLoaderData<typeof loader>();
  return (
    <DriverApp syncedAt={syncedAt}>
      <ProofPage job={job} />
    </DriverApp>
  );
}

type ProofJob = ReturnType<typeof useLoaderData<typeof loader>>["job"];

function ProofPage({ job }: { job: ProofJob }) {
  const serverAnswer = useActionData<typeof action>();
  const kept = useOfflineQueue();
  const [queuedAnswer, setQueuedAnswer] = useState<ProofAnswer | null>(null);
  const answer = queuedAnswer ?? serverAnswer;
  const { waiting } = queuedForJob(kept?.records ?? [], job.id);
  // After "I've arrived" kept offline, the proof can be handed in before the signal returns.
  const blocker =
    waiting.length > 0 ? proofBlocker(progressAfter(job.progress, waiting.map(queuedEffect)), job.stop) : job.blocker;
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const pad = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const pending = navigation.state === "submitting";
  const errors = answer?.errors;
  const id = (name: string) => fieldIdOf(FORM_ID, name);

  // Offline (or behind actions still waiting), the proof is kept on the phone: its photos made
  // smaller, the drawing as a PNG. Checked first by the proof's own schema.
  const keepProof = async (form: HTMLFormElement) => {
    const formData = new FormData(form);
    const photos = formData.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
    const signature = pad.current?.hasDrawing() ? await pad.current.toBlob() : null;
    const text = (name: string) => String(formData.get(name) ?? "");
    const fields = {
      recipientName: text("recipientName"),
      signedName: text("signedName"),
      damageNotes: text("damageNotes"),
    };
    const { deliveryProofSchema } = await import("~/schemas/delivery-proof");
    const checked = deliveryProofSchema.safeParse({
      ...fields,
      photoCount: photos.length,
      signatureDrawn: Boolean(signature),
    });
    if (!checked.success) return setQueuedAnswer({ errors: checked.error.flatten().fieldErrors, fields });
    try {
      const { smallerPhoto } = await import("~/utils/smaller-photo.client");
      await kept!.keep({
        kind: "proof",
        bookingId: job.id,
        fields: {},
        proof: { stop: job.stop, ...fields, photos: await Promise.all(photos.map(smallerPhoto)), signature },
      });
    } catch (problem) {
      return setQueuedAnswer({ errors: { "": [(problem as Error).message] }, fields });
    }
    // Back to the jobs as a whole page: offline, the service worker's copy answers.
    window.location.assign("/driver");
  };

  // With a drawing on the pad, the form goes with the drawing as its "signature" file.
  const sendWithSignature = (event: FormEvent<HTMLFormElement>) => {
    if (kept && (!kept.online || waiting.length > 0)) {
      event.preventDefault();
      void keepProof(event.currentTarget);
      return;
    }
    if (!pad.current?.hasDrawing()) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    void pad.current.toBlob().then((blob) => {
      if (blob) formData.set("signature", new File([blob], "signature.png", { type: "image/png" }));
      submit(formData, { method: "post", encType: "multipart/form-data", action: completeJobPath(job.id, job.stop) });
    });
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <p className="text-sm font-medium text-slate-500">Job {job.reference}</p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {job.stopTitle ? `${job.stopTitle}: proof of delivery` : "Complete the job"}
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        {job.stopTitle ? "Drop-off" : "Delivery"} at {job.deliveryAddress}, for {job.customerName}. The customer sees
        this proof on their tracker and in their e-mail.
      </p>
      <WaitingToSend count={waiting.length} />

      {blocker ? (
        <p
          role="status"
          className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {blocker}
        </p>
      ) : (
        <Form
          id={FORM_ID}
          method="post"
          action={completeJobPath(job.id, job.stop)}
          encType="multipart/form-data"
          noValidate
          onSubmit={sendWithSignature}
          data-keeps-offline
          className="mt-6 space-y-5"
          aria-busy={pending || undefined}
        >
          <ErrorSummary formId={FORM_ID} errors={errors} />
          <div>
            <label htmlFor={id("photos")} className="mb-1 block text-sm font-medium text-slate-800">
              Photos of the delivery
            </label>
            <p id={`${id("photos")}-hint`} className="text-sm text-slate-600">
              At least one, up to {PROOF_MAX_PHOTOS}: the goods in place, and any damage.
            </p>
            <input
              id={id("photos")}
              type="file"
              name="photos"
              accept="image/*"
              capture="environment"
              multiple
              aria-invalid={errors?.photos?.length ? true : undefined}
              aria-describedby={[`${id("photos")}-hint`, errors?.photos?.length ? `${id("photos")}-error` : null]
                .filter(Boolean)
                .join(" ")}
              className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-blue-700 file:px-4 file:font-semibold file:text-white"
            />
            <ErrorList id={`${id("photos")}-error`} errors={errors?.photos} />
          </div>

          <Field
            id={id("recipientName")}
            name="recipientName"
            label="Recipient's name"
            autoComplete="off"
            maxLength={RECIPIENT_NAME_MAX}
            defaultValue={answer?.fields.recipientName}
            errors={errors?.recipientName}
          />

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-800">Signature</legend>
            {hydrated ? (
              <div>
                <p id="signature-pad-label" className="text-sm text-slate-600">
                  Ask the recipient to sign here{signed ? " (signed)" : ""}.
                </p>
                <SignaturePad ref={pad} labelledBy="signature-pad-label" onChange={setSigned} />
              </div>
            ) : null}
            <Field
              id={id("signedName")}
              name="signedName"
              label={
                hydrated
                  ? "Or, instead, the recipient types their name"
                  : "The recipient types their name as their signature"
              }
              autoComplete="off"
              maxLength={RECIPIENT_NAME_MAX}
              defaultValue={answer?.fields.signedName}
              errors={errors?.signedName}
            />
          </fieldset>

          <TextareaField
            id={id("damageNotes")}
            name="damageNotes"
            label="Damage noted (optional)"
            rows={3}
            maxLength={DAMAGE_NOTES_MAX}
            defaultValue={answer?.fields.damageNotes}
            errors={errors?.damageNotes}
          />

          <div className="flex flex-wrap items-center gap-4">
            <StatusButton pending={pending} pendingText="Completing..." className="min-h-11 px-5">
              {job.stopTitle ? "Complete drop-off" : "Complete job"}
            </StatusButton>
            <Link to="/driver" className="text-sm font-semibold text-blue-700 hover:underline">
              Back to my jobs
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
