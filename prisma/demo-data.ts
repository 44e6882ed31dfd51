// The people of the demo seed (prisma/seed.ts) and what they typed: accounts, applications,
// contact details and messages. Kept apart from the seed so a unit test runs every record
// through the same schemas a person's input passes (tests/unit/demo-data.test.ts).
//
// Phone numbers: Ofcom's drama range (07700 900xxx) is refused by the product's own phone rule
// (it is no real number), so the demo uses ordinary mobile numbers. The demo texts through the
// local outbox (.data/outbox) unless Twilio is configured; production is never seeded.

import { createHash } from "node:crypto";

export const DEMO_PASSWORD = "demo-password-2026";

/**
 * Where a demo driver's document is stored: "uploads/<64 hex>.pdf", the form of the paths the
 * application stores, so the demo's applications pass the application schema too.
 */
export function demoDocumentPath(driverEmail: string, file: string) {
  const extension = file.split(".").at(-1)!;
  const name = createHash("sha256").update(`${driverEmail}/${file}`).digest("hex");
  return `uploads/${name}.${extension}`;
}

/** Customers: name, e-mail, the day they joined (days from today), and their account's phone. */
export const DEMO_CUSTOMERS = [
  { username: "Alice Johnson", email: "alice@example.com", joinedDaysAgo: 120, phone: "07400 900201" },
  { username: "Ben Carter", email: "ben@example.com", joinedDaysAgo: 60, phone: "07400 900202" },
  { username: "Chloe Singh", email: "chloe@example.com", joinedDaysAgo: 12, phone: "07400 900203" },
  { username: "Daniel Okafor", email: "daniel@example.com", joinedDaysAgo: 3, phone: "07400 900204" },
  { username: "Grace Evans", email: "grace@example.com", joinedDaysAgo: 2, phone: "07400 900205" },
] as const;

/** An account an admin deactivated. */
export const DEMO_INACTIVE_CUSTOMER = { username: "Frank Inactive", email: "frank@example.com" } as const;

type DemoDriver = {
  name: string;
  email: string;
  phone: string;
  experience: "0-1" | "1-3" | "3-5" | "5+";
  vanType: "small" | "medium" | "large" | "luton";
  location: string;
  approvalStatus: "pending" | "approved" | "declined";
  completedJobs?: number;
  /** Where an approved driver works from (their availability page). */
  availability?: { basePostcode: string; workingRadiusMiles: number; jobsPerDay: number };
};

/** Drivers: approved with a base in each service region (London and Essex from Romford), pending and declined. */
export const DEMO_DRIVERS: readonly DemoDriver[] = [
  {
    name: "Mark Wilson",
    email: "mark.driver@example.com",
    phone: "07400 900101",
    experience: "5+",
    vanType: "luton",
    location: "Newcastle upon Tyne",
    approvalStatus: "approved",
    completedJobs: 212,
    availability: { basePostcode: "NE1 4ST", workingRadiusMiles: 30, jobsPerDay: 2 },
  },
  {
    name: "Priya Patel",
    email: "priya.driver@example.com",
    phone: "07400 900102",
    experience: "3-5",
    vanType: "large",
    location: "London",
    approvalStatus: "approved",
    completedJobs: 156,
    availability: { basePostcode: "RM1 3AB", workingRadiusMiles: 45, jobsPerDay: 2 },
  },
  {
    name: "Tom Hughes",
    email: "tom.driver@example.com",
    phone: "07400 900103",
    experience: "1-3",
    vanType: "medium",
    location: "Birmingham",
    approvalStatus: "approved",
    completedJobs: 64,
    availability: { basePostcode: "B1 1BB", workingRadiusMiles: 30, jobsPerDay: 2 },
  },
  {
    name: "Sarah Ahmed",
    email: "sarah.applicant@example.com",
    phone: "07400 900104",
    experience: "1-3",
    vanType: "small",
    location: "Chelmsford",
    approvalStatus: "pending",
  },
  {
    name: "James Reid",
    email: "james.applicant@example.com",
    phone: "07400 900105",
    experience: "5+",
    vanType: "luton",
    location: "Sunderland",
    approvalStatus: "pending",
  },
  {
    name: "Kevin Moore",
    email: "kevin.applicant@example.com",
    phone: "07400 900106",
    experience: "0-1",
    vanType: "medium",
    location: "Coventry",
    approvalStatus: "declined",
  },
];

/** The first driver is paid by bank transfer in the demo (no Stripe). */
export const DEMO_BANK_DETAILS = { accountName: "M Wilson", sortCode: "20-00-01", accountNumber: "55779911" } as const;

/** What customers wrote: a booking's special requirements, chat, a rating, support requests. */
export const DEMO_TEXTS = {
  specialRequirements: "Piano on the ground floor; please bring straps.",
  chatFromCustomer: "Hi, is there parking outside the building?",
  chatFromDriver: "Yes, I've found a loading bay. See you in 25 minutes.",
  ratingComment: "Two sofas and forty boxes, not a scratch. Thank you!",
  refundComplaint: "The refund has not reached my card yet.",
  receiptQuestion: "Can I get a VAT receipt?",
} as const;
