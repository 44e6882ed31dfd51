/** A damage claim as the customer's pages show it (issue 36): display-ready. */
export type ClaimSummary = {
  id: string;
  state: "submitted" | "under_review" | "offered" | "accepted" | "paid" | "declined";
  stateText: string;
  claimed: string;
  payable: string;
  offered: string | null;
  declineReason: string | null;
  sentText: string;
};
