// The claim form's limits and messages, with no zod in them.
import { GOODS_COVER } from "~/domain/goods-cover";
import { formatPounds, parsePoundsText } from "~/domain/money";

export const CLAIM_MAX_ITEMS = 10;
export const CLAIM_MAX_PHOTOS = 6;
const CLAIM_DESCRIPTION_MAX = 300;
export const CLAIM_DETAILS_MAX = 2000;
/** No item can be worth claiming more than the largest move limit. */
const CLAIM_ITEM_MAX_PENCE = GOODS_COVER.declaredValuePounds.max * 100;

export const CLAIM_MESSAGES = {
  noItems: "Add at least one damaged item: what it is and its amount.",
  tooManyItems: `A claim can list at most ${CLAIM_MAX_ITEMS} items.`,
  description: "Describe the item and the damage.",
  descriptionTooLong: `Keep each description to ${CLAIM_DESCRIPTION_MAX} characters or fewer.`,
  amount: "Enter the amount in pounds, for example 120 or 120.50.",
  amountTooHigh: `Enter an amount of ${formatPounds(CLAIM_ITEM_MAX_PENCE)} or less.`,
  photos: `Add 1 to ${CLAIM_MAX_PHOTOS} photos of the damage.`,
  detailsTooLong: `Keep the details to ${CLAIM_DETAILS_MAX} characters or fewer.`,
  notFound: "Booking not found",
  notDelivered: "A claim can be made once your move has been delivered.",
  windowOpen: (lastDay: string) =>
    `Claims for this move close at the end of ${lastDay} (${GOODS_COVER.claimDays} days from delivery, the day of delivery being day 1).`,
  windowClosed: (lastDay: string) =>
    `Claims for this move closed at the end of ${lastDay}: a claim is made within ${GOODS_COVER.claimDays} days of delivery, the day of delivery being day 1.`,
  limitUsed: "The cover limit for this move has been used by earlier claims, so nothing more can be claimed.",
  sent: "Claim sent",
  sentDescription: "We will review it and tell you our decision. You can follow it on your tracker.",
} as const;

/** What the customer and the admins call each state of a claim. */
export const CLAIM_STATE_LABELS = {
  submitted: "Submitted",
  under_review: "Under review",
  offered: "Offer made",
  accepted: "Accepted",
  paid: "Paid",
  declined: "Declined",
} as const;

/**
 * A filled row's problems, by field: the one rule the schema checks on the server and the form
 * checks as the customer types (no zod in the browser for it).
 */
export function claimItemProblems(row: { description?: string; amount?: string }) {
  const problems: { description?: string; amount?: string } = {};
  const description = (row.description ?? "").trim();
  if (description.length < 3) problems.description = CLAIM_MESSAGES.description;
  else if (description.length > CLAIM_DESCRIPTION_MAX) problems.description = CLAIM_MESSAGES.descriptionTooLong;
  const pence = parsePoundsText(row.amount ?? "");
  if (pence === null || pence <= 0) problems.amount = CLAIM_MESSAGES.amount;
  else if (pence > CLAIM_ITEM_MAX_PENCE) problems.amount = CLAIM_MESSAGES.amountTooHigh;
  return problems;
}

/** Deciding a claim: the admin's offer or refusal, the customer's answer. */
export const CLAIM_DECISION_MESSAGES = {
  notFound: "Claim not found",
  unknownStep: "This page has no such form. Reload the page and try again.",
  customerTold: "The customer has been told in the claim's ticket and by e-mail.",
  amount: "Enter the amount to offer in pounds, for example 85 or 85.50.",
  overLimit: (limit: string) =>
    `You can offer up to ${limit} on this claim (its items' limits and what is left of the move's limit).`,
  reason: "Give the customer the reason, in a sentence or two.",
  disputeReason: "Tell us why you disagree with the offer, in a sentence or two.",
  decided: (state: string) => `This claim can no longer be changed that way: it is ${state.toLowerCase()}.`,
  noOffer: (state: string) => `There is no offer to answer on this claim: it is ${state.toLowerCase()}.`,
  changed: "This claim was changed a moment ago. Look at it again.",
  offerText: (amount: string, url: string) =>
    `We offer ${amount} for your claim. Accept it, or tell us why you disagree, on your claim's page: ${url}`,
  declineText: (reason: string) => `We are sorry: we cannot pay this claim. ${reason}`,
  acceptedText: (amount: string) => `I accept the offer of ${amount}.`,
  disputeText: (reason: string) => `I disagree with the offer: ${reason}`,
  offered: "Offer sent",
  declined: "Claim declined",
  accepted: "Offer accepted",
  acceptedDescription:
    "We pay it back to the card or PayPal account you paid with (any more than is left of that payment by bank transfer), and tell you when it is paid.",
  disputed: "We will look at your claim again",
} as const;

/** Paying an accepted claim: a refund to the booking's payment, the rest by bank transfer. */
export const CLAIM_PAYMENT_MESSAGES = {
  notFound: "Claim not found",
  notAccepted: (state: string) => `Only an accepted offer can be paid: this claim is ${state.toLowerCase()}.`,
  needsBankDetails: (amount: string) =>
    `${amount} of this claim goes by bank transfer, and the customer has not given their bank details yet. They are asked for them on their claim's page.`,
  failed: "The payment provider refused the refund. Nothing was paid; please try again later.",
  answerLost:
    "The payment provider did not answer, so the refund may or may not have been made. Press Pay again later: it is checked with the provider first and never made twice.",
  notChecked:
    "We could not ask the payment provider whether an earlier try already refunded this claim. Nothing was paid; please try again later.",
  paid: "Claim paid",
  paidText: (how: string) => `We have paid your claim: ${how}.`,
  paidOn: (date: string, how: string) => `Paid on ${date}: ${how}.`,
  bankNeeded: (amount: string) =>
    `${amount} of your claim is more than is left of your payment, so we pay it by bank transfer. Give us the account to pay it into: it is stored encrypted.`,
  bankSaved: "Bank details saved",
  bankSavedDescription: (last4: string) => `We will pay into the account ending ${last4}.`,
  bankNotNeeded: "This claim needs no bank details now.",
  excessAmount: "Enter the excess in pounds, from £0.01 to £100.00.",
  excessReason: "Say why the driver was at fault, in a sentence or two.",
  excessNoDriver: "This booking has no driver to charge an excess to.",
  excessCharged: "Excess charged",
  excessDescription: "It is on the driver's ledger and their earnings page.",
  excessAlready: "An excess has already been charged on this claim.",
  excessNotPaid: "Charge an excess once the claim is paid.",
} as const;

/**
 * How a paid claim was paid, in the customer's words, for the ticket's message and the claim
 * page: the refund part, then the bank part (sent on a date once its batch is paid).
 */
export function claimPaidHow(paid: {
  refund: string | null;
  bank: string | null;
  bankAccountLast4: string | null;
  bankSentOn: string | null;
}) {
  const parts = [
    ...(paid.refund ? [`${paid.refund} back to the card or PayPal account you paid with`] : []),
    ...(paid.bank
      ? [
          `${paid.bank} by bank transfer to your account ending ${paid.bankAccountLast4 ?? ""}, ${paid.bankSentOn ? `sent on ${paid.bankSentOn}` : "in our next payment run"}`,
        ]
      : []),
  ];
  return parts.join(", and ");
}

/**
 * The admin's claims list filters by what an admin asks ("Disputed" is a claim back under review
 * after the customer disputed the offer); "Waiting for a decision" is the menu's count.
 */
export const CLAIM_LIST_FILTERS = {
  waiting: { label: "Waiting for a decision", states: ["submitted", "under_review"] },
  submitted: { label: "Submitted", states: ["submitted"] },
  offered: { label: "Offer made", states: ["offered"] },
  accepted: { label: "Accepted", states: ["accepted"] },
  paid: { label: "Paid", states: ["paid"] },
  disputed: { label: "Disputed", states: ["under_review"] },
  declined: { label: "Declined", states: ["declined"] },
} as const satisfies Record<string, { label: string; states: readonly (keyof typeof CLAIM_STATE_LABELS)[] }>;

export type ClaimListFilter = keyof typeof CLAIM_LIST_FILTERS;
export const CLAIM_BOOKING_SEARCH_MAX = 20;

/** What support tells a customer about their claim, beyond an answer: it names the message's e-mail and text. */
export type ClaimNews = { kind: "claim-offer"; amount: string } | { kind: "claim-declined" } | { kind: "claim-paid" };

/** "Our offer for your claim on EM-658726: £84.00": the e-mail's subject, and the text's first words. */
export function claimNewsTitle(news: ClaimNews, reference: string): string {
  if (news.kind === "claim-offer") return `Our offer for your claim on ${reference}: ${news.amount}`;
  if (news.kind === "claim-declined") return `Our decision on your claim on ${reference}`;
  return `We have paid your claim on ${reference}`;
}
