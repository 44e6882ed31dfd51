/** A damage claim as the customer's pages show it: display-ready. */
export type ClaimSummary = {
  id: string;
  state: "submitted" | "under_review" | "offered" | "accepted" | "paid" | "declined";
  stateText: string;
  claimed: string;
  payable: string;
  offered: string | null;
  declineReason: string | null;
  sentText: string;
  /** How it was paid, once paid: "£30.00 back to …, and £270.00 by bank transfer …". */
  paidText: string | null;
  /** An accepted offer's bank part while the customer's bank details are still needed for it. */
  bankNeeded: string | null;
  /** The last four digits of the account the bank part goes to, once given. */
  bankLast4: string | null;
};
