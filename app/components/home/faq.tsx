// The FAQ: category filters are links (`/?faq=pricing#faq`), so they work without
// JavaScript; with it they navigate in place without moving the page. Answers are native
// <details> sharing one name, so only one is open at a time (the browser does it; the
// toggle handler does the same where the browser cannot).
import { Link } from "@remix-run/react";
import type { SyntheticEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { usePublicConfig } from "~/components/content/use-public-config";
import type { Faq as FaqItem, FaqFilter } from "~/domain/faq";
import { telHref } from "~/utils/config";
import { HomeSection } from "./section";

/** The questions shown, the categories with their counts and the active filter (the page's loader). */
export type FaqSectionData = {
  active: FaqFilter;
  categories: { id: FaqFilter; label: string; count: number }[];
  items: FaqItem[];
};

const FAQ_PARAM = "faq";

function filterHref(filter: FaqFilter) {
  return filter === "all" ? "/" : `/?${FAQ_PARAM}=${filter}`;
}

/** Closes the other answers when one opens (for browsers without exclusive <details name>). */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened
    .closest("[data-faq-list]")
    ?.querySelectorAll<HTMLDetailsElement>("details[open]")
    .forEach((other) => {
      if (other !== opened) other.open = false;
    });
}

export function Faq({ faq: { active, categories, items: faqs } }: { faq: FaqSectionData }) {
  const hydrated = useHydrated();
  const config = usePublicConfig();

  return (
    <HomeSection
      id="faq"
      title="Frequently Asked Questions"
      className="bg-slate-50"
      intro="Answers about prices, booking, our drivers and our policies."
    >
      <nav aria-label="FAQ categories">
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => {
            const current = category.id === active;
            return (
              <li key={category.id}>
                <Link
                  // Without JavaScript the page reloads, so the #faq anchor brings the reader back here.
                  to={hydrated ? filterHref(category.id) : `${filterHref(category.id)}#faq`}
                  preventScrollReset
                  replace
                  aria-current={current ? "true" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${
                    current
                      ? "border-blue-700 bg-blue-700 text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:border-blue-700 hover:text-blue-800"
                  }`}
                >
                  {category.label}{" "}
                  <span
                    aria-hidden="true"
                    className={`rounded-full px-2 text-xs ${current ? "bg-white text-blue-800" : "bg-slate-100 text-slate-700"}`}
                  >
                    {category.count}
                  </span>
                  <span className="sr-only">({category.count} questions)</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-8 space-y-3" data-faq-list data-testid="faq-list">
        {faqs.map((faq) => (
          <details
            key={faq.id}
            name="faq"
            onToggle={closeOthers}
            className="group rounded-lg border border-slate-200 bg-white open:shadow-sm"
            data-category={faq.category}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50">
              <span>{faq.question}</span>
              <span aria-hidden="true" className="text-xl text-blue-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>

      <div className="mt-10 rounded-lg bg-white p-6 shadow-sm" data-testid="faq-support">
        <h3 className="text-lg font-semibold text-slate-900">Still have a question?</h3>
        <p className="mt-1 text-slate-700">Our support team is here 24/7.</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          <li>
            <a
              href={`mailto:${config.supportEmail}`}
              className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-blue-800 hover:bg-blue-50"
            >
              E-mail {config.supportEmail}
            </a>
          </li>
          <li>
            <a
              href={telHref(config.supportPhone)}
              className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-blue-800 hover:bg-blue-50"
            >
              Call {config.supportPhone}
            </a>
          </li>
          <li>
            <a
              href="/support"
              className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-blue-800 hover:bg-blue-50"
            >
              Live chat
            </a>
          </li>
        </ul>
      </div>
    </HomeSection>
  );
}
