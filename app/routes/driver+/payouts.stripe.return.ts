// /driver/payouts/stripe/return: back from Stripe's onboarding. Stripe says whether the account
// can receive transfers now; the driver goes back to their earnings with a toast saying so.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireDriver } from "~/server/auth/auth.server";
import { driverOfUser, EARNINGS_PATH, refreshStripeAccount } from "~/server/payouts/payout-details.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDriver(request);
  const driver = await driverOfUser(user.id);
  if (!driver) throw redirect("/driver");
  const enabled = await refreshStripeAccount(driver.id);
  return redirectWithToast(
    request,
    EARNINGS_PATH,
    enabled
      ? { title: "Payouts are set up", description: "Stripe will pay your share of each job.", variant: "success" }
      : { title: "Stripe needs more details", description: "Continue on Stripe to finish.", variant: "error" },
  );
}
