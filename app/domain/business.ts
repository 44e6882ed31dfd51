// EasyMove for Business: who may do what on a business account, when an order may be charged
// to it, and the monthly invoice's period, number and due date. Pure rules; the server asks them
// (server/business/), the pages show their sentences.
import { formatPounds } from "./money";
import { addDays, isoDateOf } from "./uk-calendar";

export const BUSINESS_ROLES = ["owner", "admin", "booker"] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

export const BUSINESS_ROLE_LABELS: Record<BusinessRole, string> = {
  owner: "Owner",
  admin: "Admin",
  booker: "Booker",
};

export const BUSINESS_ROLE_DESCRIPTIONS: Record<BusinessRole, string> = {
  owner: "Billing, API keys, users and every order",
  admin: "Users, API keys and every order",
  booker: "Books moves and sees their own orders",
};

/** What a role lets a user do on their account. */
export type BusinessPermission = "billing" | "keys" | "users" | "allOrders" | "book";

const PERMISSIONS: Record<BusinessRole, readonly BusinessPermission[]> = {
  owner: ["billing", "keys", "users", "allOrders", "book"],
  admin: ["keys", "users", "allOrders", "book"],
  booker: ["book"],
};

export function may(role: BusinessRole, permission: BusinessPermission) {
  return PERMISSIONS[role].includes(permission);
}

/** Users on one account, counting the invitations still open. */
export const MAX_BUSINESS_USERS = 20;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

export const BUSINESS_MESSAGES = {
  companyName: "Enter your company's name",
  vatNumber: "Enter a UK VAT number like GB123456789, or leave it empty",
  billingAddress: "Enter the billing address, with its postcode",
  notAllowedUsers: "Only the account's owner and admins manage its users",
  notAllowedBilling: "Only the account's owner sees billing",
  ownerFixed: "The owner's role cannot be changed, and the owner cannot be removed",
  oneOwner: "An account has one owner: invite them as an admin",
  adminsByOwner: "Only the owner can make or change an admin",
  seatsFull: `An account has at most ${MAX_BUSINESS_USERS} users, counting open invitations`,
  alreadyMember: "That person is already a user of this account",
  alreadyInvited: "That address has an open invitation already",
  otherAccount: "That person belongs to another business account",
  invitationGone: "This invitation has expired or was withdrawn: ask for a new one",
  invitationOtherEmail: "This invitation was sent to another e-mail address: sign in with that one",
  cardOnly: "This account pays by card: ask us for a credit limit to order on account",
  overdue: "An invoice is overdue, so orders on account are paused until it is paid. You can still pay by card",
  inactive: "Orders on account are not available for this account",
  invoiceNotFound: "Invoice not found",
} as const;

/** Why this actor may not give `target` the role `role` (or invite with it); null when they may. */
export function roleChangeRefusal(actor: BusinessRole, target: BusinessRole | null, role: BusinessRole): string | null {
  if (!may(actor, "users")) return BUSINESS_MESSAGES.notAllowedUsers;
  if (target === "owner") return BUSINESS_MESSAGES.ownerFixed;
  if (role === "owner") return BUSINESS_MESSAGES.oneOwner;
  if (actor !== "owner" && (role === "admin" || target === "admin")) return BUSINESS_MESSAGES.adminsByOwner;
  return null;
}

/** Why this actor may not remove `target`; null when they may (anyone but the owner may leave). */
export function removalRefusal(actor: BusinessRole, target: BusinessRole, self: boolean): string | null {
  if (target === "owner") return BUSINESS_MESSAGES.ownerFixed;
  if (self) return null;
  if (!may(actor, "users")) return BUSINESS_MESSAGES.notAllowedUsers;
  if (actor !== "owner" && target === "admin") return BUSINESS_MESSAGES.adminsByOwner;
  return null;
}

// ---------------------------------------------------------------- credit

/** Where an account stands: its limit, what it owes (invoiced and not), whether an invoice is overdue. */
export interface CreditPosition {
  creditLimitPence: number;
  /** Unpaid invoices plus the orders on account not yet invoiced (less their refunds). */
  owedPence: number;
  overdue: boolean;
}

/** What is left to order on account: never below nothing. */
export function creditAvailable(position: CreditPosition) {
  return Math.max(0, position.creditLimitPence - position.owedPence);
}

/**
 * Why an order of `orderPence` may not be charged to the account; null when it may. A limit of
 * £0 means card only; an overdue invoice pauses ordering on account; an order must fit in what
 * is left of the limit.
 */
export function accountChargeRefusal(position: CreditPosition, orderPence: number): string | null {
  if (position.creditLimitPence <= 0) return BUSINESS_MESSAGES.cardOnly;
  if (position.overdue) return BUSINESS_MESSAGES.overdue;
  const available = creditAvailable(position);
  if (orderPence > available)
    return `This order would take the account past its credit limit of ${formatPounds(position.creditLimitPence)}: ${formatPounds(available)} is left. You can still pay by card`;
  return null;
}

// ---------------------------------------------------------------- the monthly invoice

/** Days from issue to due. */
const INVOICE_DUE_DAYS = 30;

/** The calendar month an invoice issued on `ukDate` (YYYY-MM-DD, the 1st) covers: the month before. */
export function invoicePeriodBefore(ukDate: string): { start: string; end: string; month: string } {
  const [year, month] = ukDate.split("-").map(Number) as [number, number];
  // Day 0 of a month is the last day of the month before.
  const end = new Date(Date.UTC(year, month - 1, 0));
  const start = `${isoDateOf(end).slice(0, 7)}-01`;
  return { start, end: isoDateOf(end), month: start.slice(0, 7) };
}

/** "Hadley Furniture, November 2026"-style month name: "November 2026". */
export function monthName(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "EMB-2026-11-0007": the month, then the account's place among that month's invoices. */
export function businessInvoiceNumber(month: string, sequence: number) {
  return `EMB-${month}-${String(sequence).padStart(4, "0")}`;
}

export function invoiceDueDate(issuedOn: string) {
  return addDays(issuedOn, INVOICE_DUE_DAYS);
}

/** Unpaid after its due date (UK days): the day after the due date it is overdue. */
export function isOverdue(invoice: { paidAt: Date | null; dueOn: string }, today: string) {
  return invoice.paidAt === null && today > invoice.dueOn;
}
