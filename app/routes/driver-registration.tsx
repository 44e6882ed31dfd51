// /driver-registration: independent drivers apply with their details and four documents.
// Works as one multipart post without JavaScript; with it, files
// go by chunks with a progress bar (components/driver-application).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DriverApplication } from "~/components/driver-application/driver-application-form";
import { LiveOnFirstUse } from "~/components/ui/live-on-first-use";
import { handleApplicationForm, loadApplicationPage } from "~/server/drivers/applications.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Become a Driver: Join Our Network",
    description:
      "Own a van? Apply to join our network of independent man and van drivers in London, Essex, the North East and the West Midlands. Upload your licence and insurance online.",
    path: "/driver-registration",
    matches,
  });

// The documents arrive in one multipart post, streamed to storage with their own limits.
export const handle: RouteHandle = { largeBody: true };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadApplicationPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleApplicationForm(request, context);
}

const loadApplication = () =>
  import("~/components/driver-application/driver-application-form").then((module) => module.DriverApplication);

export default function DriverRegistration() {
  const { submitted, maxFileMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const applicationProps = { submitted, maxFileMb, actionData };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Become a Driver</h1>
      <p className="mt-2 text-slate-700">
        Join our network of vetted, independent drivers. Tell us about yourself and your van, and upload your driving
        licence, insurance certificate, public liability insurance and a photo of your van. We review every application
        and reply by e-mail.
      </p>
      <div className="mt-8">
        {/* The form's code loads when the visitor comes to it (live-on-first-use.tsx), or at once
            with the answer to a post. */}
        <LiveOnFirstUse
          name="driver-application"
          load={loadApplication}
          props={applicationProps}
          eager={Boolean(actionData)}
        >
          {import.meta.env.SSR ? <DriverApplication {...applicationProps} /> : null}
        </LiveOnFirstUse>
      </div>
    </div>
  );
}
