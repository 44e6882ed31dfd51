import type { MetaFunction } from "@remix-run/node";
import { Terms } from "~/components/content/terms";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { sharedRender: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Terms and Conditions",
    description:
      "The terms for booking a man and van through {brand}: our role as a platform, driver vetting, cancellation charges, prohibited items, payment and privacy.",
    path: "/terms-and-conditions",
    matches,
  });

export default function TermsAndConditions() {
  return <Terms />;
}
