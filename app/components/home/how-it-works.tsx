import { HomeSection, QuoteLink } from "./section";

const STEPS = [
  {
    title: "Get an instant quote",
    text: "Tell us where, when and which van. You see a fixed price straight away, VAT included.",
  },
  {
    title: "Book and pay online",
    text: "Pay securely by card or PayPal. Your booking reference arrives by e-mail at once.",
  },
  {
    title: "Meet your driver",
    text: "A vetted, insured local driver is assigned, and you can follow them live on the day.",
  },
  { title: "Move done", text: "Your things arrive safely. Rate your driver and tell us how it went." },
];

export function HowItWorks() {
  return (
    <HomeSection id="how-it-works" title="How It Works" intro="Four simple steps from quote to moving day.">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="grid size-10 place-items-center rounded-full bg-blue-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <QuoteLink className="mt-8" />
    </HomeSection>
  );
}
