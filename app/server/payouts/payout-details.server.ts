// How a driver is paid: their Stripe Express account (onboarding by Stripe's account link, its
// state from Stripe on return and from the account.updated webhook), or, without Stripe, their
// bank details, stored encrypted (only the account number's last four are ever shown).
import type { BankDetails } from "~/schemas/bank-details";
import { getStripeKeys } from "~/server/payments/settings.server";
import {
  accountCanReceive,
  accountPayoutsEnabled,
  createExpressAccount,
  createOnboardingLink,
} from "~/server/payments/stripe.server";
import { db } from "~/server/platform/db.server";
import { encryptSecret } from "~/server/platform/encryption.server";
import { absoluteUrl } from "~/server/platform/env.server";

export const EARNINGS_PATH = "/driver/earnings";

/** The driver's payout details as their page shows them. */
export async function payoutDetails(driverId: string) {
  const driver = await db.driver.findUniqueOrThrow({
    where: { id: driverId },
    select: { stripeAccountId: true, stripePayoutsEnabled: true, bankAccountName: true, bankAccountLast4: true },
  });
  return {
    stripe: { started: driver.stripeAccountId !== null, enabled: driver.stripePayoutsEnabled },
    bank: driver.bankAccountLast4 ? { name: driver.bankAccountName ?? "", last4: driver.bankAccountLast4 } : null,
  };
}

export async function saveBankDetails(driverId: string, details: BankDetails) {
  await db.driver.update({
    where: { id: driverId },
    data: {
      bankAccountName: details.accountName,
      bankSortCodeEncrypted: encryptSecret(details.sortCode),
      bankAccountNumberEncrypted: encryptSecret(details.accountNumber),
      bankAccountLast4: details.accountNumber.slice(-4),
    },
  });
}

/**
 * Where to send the driver to set up Stripe payouts: their Express account (made once) and a
 * fresh onboarding link, which comes back to the return or refresh route. Null without Stripe.
 */
export async function stripeOnboardingUrl(driver: { id: string; email: string }) {
  const { secretKey } = await getStripeKeys();
  if (!secretKey) return null;
  const row = await db.driver.findUniqueOrThrow({ where: { id: driver.id }, select: { stripeAccountId: true } });
  let accountId = row.stripeAccountId;
  if (!accountId) {
    accountId = await createExpressAccount(secretKey, driver);
    // Two clicks at once make one account (the idempotency key); the row keeps the first.
    await db.driver.updateMany({
      where: { id: driver.id, stripeAccountId: null },
      data: { stripeAccountId: accountId },
    });
  }
  return createOnboardingLink(secretKey, accountId, {
    refreshUrl: absoluteUrl("/driver/payouts/stripe/refresh"),
    returnUrl: absoluteUrl("/driver/payouts/stripe/return"),
  });
}

/** Back from Stripe: whether the account may receive transfers now (also kept on the driver). */
export async function refreshStripeAccount(driverId: string) {
  const { secretKey } = await getStripeKeys();
  const row = await db.driver.findUniqueOrThrow({ where: { id: driverId }, select: { stripeAccountId: true } });
  if (!secretKey || !row.stripeAccountId) return false;
  const enabled = await accountPayoutsEnabled(secretKey, row.stripeAccountId);
  await db.driver.update({ where: { id: driverId }, data: { stripePayoutsEnabled: enabled } });
  return enabled;
}

/** Stripe's account.updated event (a signed webhook): the account's state, kept on its driver. */
export async function applyAccountUpdate(account: {
  id: string;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string } | null;
}) {
  const enabled = accountCanReceive(account as Parameters<typeof accountCanReceive>[0]);
  const { count } = await db.driver.updateMany({
    where: { stripeAccountId: account.id },
    data: { stripePayoutsEnabled: enabled },
  });
  return count > 0;
}

/** The driver profile of a signed-in driver account, or null when none is linked yet. */
export function driverOfUser(userId: string) {
  return db.driver.findUnique({ where: { userId }, select: { id: true, name: true, email: true } });
}
