// The built-in sandbox provider, used when no Stripe keys are configured so the whole flow
// works on a fresh machine. It keeps its own records (SandboxCheckout) the way Stripe keeps
// Checkout Sessions and PaymentIntents, and the app reads them only through CardGateway.
import { createHash, randomBytes } from "node:crypto";
import { sandboxCardOutcome, type SandboxCardOutcome } from "~/domain/sandbox-cards";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import type { CardGateway, CheckoutSessionInput, PaymentIntentInput, ProviderPayment } from "./gateway";
import { PaymentProviderError } from "./gateway";

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

type SandboxRow = NonNullable<Awaited<ReturnType<typeof db.sandboxCheckout.findUnique>>>;

const SANDBOX_PAGE_PATH = "/sandbox-checkout";

function asProviderPayment(row: SandboxRow): ProviderPayment {
  return {
    provider: "sandbox",
    paymentId: row.paymentIntentId,
    sessionId: row.id,
    bookingId: row.bookingId,
    amountPence: row.amountPence,
    currency: row.currency,
    outcome: row.status === "paid" ? "succeeded" : row.status === "failed" ? "requires_payment_method" : "open",
    failureMessage: row.declineMessage,
    method: "card",
  };
}

/** Creates the record, or returns the one an earlier call with the same key made. */
async function createOnce(input: PaymentIntentInput & { successUrl?: string; cancelUrl?: string }) {
  const existing = await db.sandboxCheckout.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
  if (existing) return existing;
  try {
    return await db.sandboxCheckout.create({
      data: {
        id: randomId("sbx_cs_"),
        paymentIntentId: randomId("sbx_pi_"),
        idempotencyKey: input.idempotencyKey,
        amountPence: input.amountPence,
        bookingId: input.bookingId,
        customerEmail: input.customerEmail,
        description: input.description,
        successUrl: input.successUrl ?? null,
        cancelUrl: input.cancelUrl ?? null,
      },
    });
  } catch (error) {
    // Two identical requests at once: the other one created it.
    const created = await db.sandboxCheckout.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
    if (created) return created;
    throw error;
  }
}

const sandboxRefundId = (idempotencyKey: string) =>
  `sbx_re_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;

export const sandboxGateway: CardGateway = {
  provider: "sandbox",
  async createCheckoutSession(input: CheckoutSessionInput) {
    const row = await createOnce(input);
    return { id: row.id, url: `${SANDBOX_PAGE_PATH}/${row.id}` };
  },
  async retrieveCheckoutSession(id) {
    const row = await db.sandboxCheckout.findUnique({ where: { id } });
    return row ? asProviderPayment(row) : null;
  },
  async createPaymentIntent(input) {
    const row = await createOnce(input);
    return { id: row.paymentIntentId, clientSecret: `${row.paymentIntentId}_secret_sandbox` };
  },
  async retrievePaymentIntent(id) {
    const row = await db.sandboxCheckout.findUnique({ where: { paymentIntentId: id } });
    return row ? asProviderPayment(row) : null;
  },
  async refund(paymentId, amountPence, idempotencyKey) {
    const row = await db.sandboxCheckout.findUnique({ where: { paymentIntentId: paymentId } });
    if (!row || row.status !== "paid") throw new PaymentProviderError("This payment cannot be refunded.", 400);
    if (amountPence > row.amountPence) throw new PaymentProviderError("The refund is larger than the payment.", 400);
    // As Stripe does: the same idempotency key is the same refund (a double click refunds once).
    return { id: sandboxRefundId(idempotencyKey), amountPence };
  },
  async findRefund() {
    // The sandbox moves no money and its answer is never lost (it runs here): nothing to find.
    return null;
  },
};

/** The sandbox's hosted page and embedded form, by either of the ids it hands out. */
export async function findSandboxCheckout(id: string) {
  // Production takes no test money: its sandbox pages and payments do not exist.
  if (!env.sandboxPaymentsAllowed || !id.startsWith("sbx_")) return null;
  return db.sandboxCheckout.findFirst({ where: { OR: [{ id }, { paymentIntentId: id }] } });
}

/**
 * A card typed on the sandbox's page. A paid checkout stays paid (a second submit changes
 * nothing); a declined one may be tried again with another card, as on Stripe's page.
 */
export async function payWithSandboxCard(
  id: string,
  cardNumber: string,
): Promise<{ payment: ProviderPayment; outcome: SandboxCardOutcome } | null> {
  const row = await findSandboxCheckout(id);
  if (!row) return null;
  if (row.status === "paid") return { payment: asProviderPayment(row), outcome: { paid: true } };
  const outcome = sandboxCardOutcome(cardNumber);
  const last4 = cardNumber.replace(/\D/g, "").slice(-4);
  // Never turn a paid checkout back: a decline racing a payment leaves it paid.
  await db.sandboxCheckout.updateMany({
    where: { id: row.id, status: { not: "paid" } },
    data: outcome.paid
      ? { status: "paid", declineMessage: null, cardLast4: last4 }
      : { status: "failed", declineMessage: outcome.message, cardLast4: last4 },
  });
  const updated = await db.sandboxCheckout.findUniqueOrThrow({ where: { id: row.id } });
  return { payment: asProviderPayment(updated), outcome: updated.status === "paid" ? { paid: true } : outcome };
}
