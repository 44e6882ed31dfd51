import type { MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/service-page";
import { LONDON_AREA_GROUPS, LONDON_SERVICES } from "~/domain/service-areas";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { sharedRender: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Man and Van London: Removals and Same-Day Delivery",
    description:
      "Fixed-price man and van in every London borough: house removals, office moves, furniture and same-day delivery by vetted, insured drivers.",
    path: "/london-services",
    matches,
  });

export default function LondonServices() {
  return (
    <ServicePage
      city="London"
      path="/london-services"
      headline="Man and van services across London"
      intro="From a single sofa to a whole house, local drivers in every part of London move you at a fixed price, often the same day."
      areaGroups={LONDON_AREA_GROUPS}
      services={LONDON_SERVICES}
    />
  );
}
