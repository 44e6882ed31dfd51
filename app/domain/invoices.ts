// VAT invoices and credit notes: their numbers, their lines and how a refund splits into the
// parts of a booking's price. VAT is charged on the platform fee only (docs/PRICING.md step 11); the
// driver's share is collected for the driver and is outside the scope of our VAT.
import { coverView } from "./goods-cover";
import { formatPounds } from "./money";
import { PRICING_CONFIG } from "./pricing";

export type InvoiceKind = "invoice" | "credit_note";

/** The parts of a booking's price, in pence: total = platformFee + vat + driverShare. */
export interface PriceShares {
  totalPence: number;
  platformFeePence: number;
  vatPence: number;
  driverSharePence: number;
  /** docs/PRICING.md v3: extended cover's fee, a part of platformFeePence (0 without it). */
  coverFeePence?: number;
}

const PREFIX: Record<InvoiceKind, string> = { invoice: "INV", credit_note: "CN" };

/** "INV-000042", "CN-000007": each kind numbered on its own, without gaps. */
export function invoiceNumberText(kind: InvoiceKind, number: number) {
  return `${PREFIX[kind]}-${String(number).padStart(6, "0")}`;
}

export const INVOICE_TITLES: Record<InvoiceKind, string> = { invoice: "VAT invoice", credit_note: "Credit note" };

/** The VAT rate on the platform fee, in words: "20%". */
export const VAT_RATE_TEXT = `${PRICING_CONFIG.vatOnPlatformFeeBp / 100}%`;

/**
 * The shares of a refund of `refundPence` out of a price: all of each part for a full refund,
 * else each part in proportion (rounded to the penny), the driver's share taking the remainder
 * so the parts always add up to the refund.
 */
export function refundShares(price: PriceShares, refundPence: number): PriceShares {
  if (!Number.isInteger(refundPence) || refundPence < 0 || refundPence > price.totalPence)
    throw new RangeError(`A refund of ${refundPence}p does not fit a price of ${price.totalPence}p`);
  if (refundPence === price.totalPence) return { ...price };
  const part = (pence: number) => Math.round((pence * refundPence) / price.totalPence);
  const platformFeePence = part(price.platformFeePence);
  const vatPence = part(price.vatPence);
  return {
    totalPence: refundPence,
    platformFeePence,
    vatPence,
    driverSharePence: refundPence - platformFeePence - vatPence,
    ...(price.coverFeePence ? { coverFeePence: Math.min(part(price.coverFeePence), platformFeePence) } : {}),
  };
}

/** The lines of an invoice or credit note, as the PDF prints them. */
export function invoiceLines(shares: PriceShares & { declaredValue?: number | null }) {
  const coverFeePence = shares.coverFeePence ?? 0;
  const cover = coverView(shares.declaredValue);
  return [
    { label: "Platform service fee", amount: formatPounds(shares.platformFeePence - coverFeePence) },
    ...(coverFeePence > 0 || cover.extended
      ? [{ label: `${cover.name}: ${cover.limits.replace(/^Up/, "up")}`, amount: formatPounds(coverFeePence) }]
      : []),
    {
      label: `VAT at ${VAT_RATE_TEXT} on the platform service fee${cover.extended ? " and cover" : ""}`,
      amount: formatPounds(shares.vatPence),
    },
    {
      label: "Moving service by your driver (collected for the driver; outside the scope of VAT)",
      amount: formatPounds(shares.driverSharePence),
    },
  ];
}
