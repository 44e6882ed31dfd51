// /driver/payouts/stripe/refresh: Stripe's onboarding link expired or was used; a fresh one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireDriver } from "~/server/auth/auth.server";
import { driverOfUser, EARNINGS_PATH, stripeOnboardingUrl } from "~/server/payouts/payout-details.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDriver(request);
  const driver = await driverOfUser(user.id);
  if (!driver) throw redirect("/driver");
  throw redirect((await stripeOnboardingUrl(driver)) ?? EARNINGS_PATH);
}
