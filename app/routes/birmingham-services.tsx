import type { MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/service-page";
import { BIRMINGHAM_AREA_GROUPS } from "~/domain/service-areas";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { sharedRender: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Man and Van Birmingham: Fixed-Price Removals",
    description:
      "Fixed-price man and van in Birmingham, from the City Centre to Sutton Coldfield and Selly Oak: removals and deliveries by vetted, insured drivers.",
    path: "/birmingham-services",
    matches,
  });

export default function BirminghamServices() {
  return (
    <ServicePage
      city="Birmingham"
      path="/birmingham-services"
      headline="Man and van services in Birmingham"
      intro="House moves, student moves and furniture delivery across Birmingham and the West Midlands, with a fixed price before you book."
      areaGroups={BIRMINGHAM_AREA_GROUPS}
    />
  );
}
