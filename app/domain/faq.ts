// The home page FAQ: questions in four categories, filtered by a
// `?faq=` search parameter so the filters work as plain links without JavaScript.
import {
  APPLICANT_PASS_RATE_PERCENT,
  CANCELLATION_SUMMARY,
  HEAVY_ITEM_KG,
  INSURANCE_COVER_TEXT,
  MIN_DRIVER_RATING,
  PROHIBITED_ITEMS,
} from "./claims";
import { formatPounds } from "./money";
import { PRICING_CONFIG } from "./pricing";
import { VAN_GUIDE } from "./vans";

export const FAQ_CATEGORIES = [
  { id: "all", label: "All" },
  { id: "pricing", label: "Pricing" },
  { id: "booking", label: "Booking" },
  { id: "service", label: "Service" },
  { id: "policy", label: "Policy" },
] as const;

export type FaqFilter = (typeof FAQ_CATEGORIES)[number]["id"];
type FaqCategory = Exclude<FaqFilter, "all">;

export interface Faq {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

const P = PRICING_CONFIG;
const pounds = (pence: number) => formatPounds(pence).replace(/\.00$/, "");
const percent = (bp: number) => `${bp / 100}%`;

// Built by a function marked pure, so a browser bundle that imports this module for its types
// or categories, or through a part rendered on the server only (the home page's structured
// data), drops the questions and the pricing rules they quote.
export const FAQS: readonly Faq[] = /* @__PURE__ */ faqList();

function faqList(): readonly Faq[] {
  return [
    {
      id: "how-is-price-calculated",
      category: "pricing",
      question: "How is my price worked out?",
      answer:
        `A ${pounds(P.baseFarePence)} base fare plus ${formatPounds(P.distance.firstTierPencePerMile)} a mile for the first ` +
        `${P.distance.tierTenths / 10} miles and ${formatPounds(P.distance.beyondTierPencePerMile)} a mile after that, adjusted for the van size. ` +
        `Helpers cost ${pounds(P.helpers.hourlyRatePence)} an hour (${P.helpers.hoursPerHelper} hours each), stairs without a lift add a small fee, ` +
        `and moves into central London's congestion zone add the ${pounds(P.congestionChargePence)} charge.`,
    },
    {
      id: "fixed-price",
      category: "pricing",
      question: "Is the price fixed, or can it change on the day?",
      answer:
        "The price you see is the price you pay. It is fixed when you book, with no hidden extras on the day, as long as the move matches what you told us (addresses, items and access).",
    },
    {
      id: "vat",
      category: "pricing",
      question: "Does the price include VAT?",
      answer: `Yes. Every total we show includes VAT, which is charged at ${percent(P.vatOnPlatformFeeBp)} on our platform fee only. The minimum price for a move is ${pounds(P.minimumSubTotalPence)} before VAT.`,
    },
    {
      id: "urgent-moves",
      category: "pricing",
      question: "What do Priority and Express moves cost?",
      answer:
        `Priority (within 3 days) adds ${percent(P.urgencyBp.priority)} and Express (next day) adds ${percent(P.urgencyBp.express)}. ` +
        `Weekend moves add ${percent(P.peakBp.weekend)}, bank holidays ${percent(P.peakBp.bankHoliday)} and evening starts (from ${P.eveningFrom}) ${percent(P.peakBp.evening)}.`,
    },
    {
      id: "how-to-book",
      category: "booking",
      question: "How do I book a van?",
      answer:
        "Enter your pickup and delivery addresses, the date and the van size in the quote form to get an instant fixed price. Then proceed to checkout and pay securely by card or PayPal. You get a booking reference straight away.",
    },
    {
      id: "heavy-items",
      category: "booking",
      question: "Do I need a helper for heavy items?",
      answer: `Any single item over ${HEAVY_ITEM_KG} kg, such as a wardrobe, a fridge or a washing machine, needs two people to carry it safely. Add a helper when you book, or be ready to lift with the driver.`,
    },
    {
      id: "track-driver",
      category: "booking",
      question: "Can I follow my driver on the day?",
      answer:
        "Yes. Your booking tracker shows your driver's name and rating, their progress from assigned to arrived, and lets you message them. Drivers are usually assigned 24 hours before your move.",
    },
    {
      id: "which-van",
      category: "booking",
      question: "Which van size do I need?",
      answer:
        VAN_GUIDE.map((van) => `${van.title}: ${van.bestFor.replace(/\.$/, "")}`).join(". ") +
        ". If you add a long item list, we suggest a bigger van for you.",
    },
    {
      id: "insurance",
      category: "service",
      question: "Are my belongings insured?",
      answer: `Every move includes our standard cover for your goods: up to £100 an item and £20,000 a move. If your goods are worth more, add extended cover when you quote or at checkout: up to £2,500 an item and the value you declare, for 1.5% of that value (at least £10.00). Claims are made within 7 days of delivery from your bookings. Every driver also holds goods-in-transit and public liability insurance with cover from ${INSURANCE_COVER_TEXT}, and we check the certificates before a driver takes a booking.`,
    },
    {
      id: "driver-vetting",
      category: "service",
      question: "How do you choose your drivers?",
      answer: `We check every applicant's driving licence, insurance and vehicle, and only about ${APPLICANT_PASS_RATE_PERCENT}% of applicants pass. Drivers must keep a customer rating of at least ${MIN_DRIVER_RATING}/5 to stay on the platform.`,
    },
    {
      id: "areas",
      category: "service",
      question: "Which areas do you cover?",
      answer:
        "London, Essex, the North East of England and the West Midlands, including London, Chelmsford, Newcastle upon Tyne and Birmingham. Moves between these regions are welcome too.",
    },
    {
      id: "support-hours",
      category: "service",
      question: "When can I reach customer support?",
      answer:
        "Our support team is available 24/7, including on moving day: call or e-mail us, or use live chat from your booking tracker.",
    },
    {
      id: "cancellation",
      category: "policy",
      question: "What is your cancellation policy?",
      answer: CANCELLATION_SUMMARY,
    },
    {
      id: "liability",
      category: "policy",
      question: "Who is responsible if something is damaged?",
      answer:
        "We connect you with independent, insured drivers. The driver carrying your goods is responsible for them in transit, and claims go through the driver's insurance; our support team helps you make one.",
    },
    {
      id: "prohibited-items",
      category: "policy",
      question: "Is there anything you cannot move?",
      answer: `Drivers will not carry ${PROHIBITED_ITEMS.slice(0, 4).join("; ")}. Keep cash, jewellery and important documents with you. Our terms and conditions give the full list.`,
    },
  ];
}

function isFaqFilter(value: unknown): value is FaqFilter {
  return typeof value === "string" && FAQ_CATEGORIES.some((category) => category.id === value);
}

/** The filter named by a `?faq=` value; anything unknown shows all questions. */
export function parseFaqFilter(value: string | null | undefined): FaqFilter {
  const normalised = value?.trim().toLowerCase();
  return isFaqFilter(normalised) ? normalised : "all";
}

export function filterFaqs(filter: FaqFilter, faqs: readonly Faq[] = FAQS): Faq[] {
  return filter === "all" ? [...faqs] : faqs.filter((faq) => faq.category === filter);
}

/** How many questions each filter shows, for the counts beside the filter links. */
export function faqCounts(faqs: readonly Faq[] = FAQS): Record<FaqFilter, number> {
  const counts = Object.fromEntries(FAQ_CATEGORIES.map((category) => [category.id, 0])) as Record<FaqFilter, number>;
  for (const faq of faqs) counts[faq.category] += 1;
  counts.all = faqs.length;
  return counts;
}
