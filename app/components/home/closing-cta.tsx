import { usePublicConfig } from "~/components/content/use-public-config";
import { telHref } from "~/utils/config";

export function ClosingCta() {
  const config = usePublicConfig();
  return (
    <section aria-labelledby="closing-cta-heading" className="bg-blue-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h2 id="closing-cta-heading" className="text-3xl font-bold">
          Ready to move?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-50">
          Get a fixed price in under a minute and book a vetted driver today.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <a href="#quote" className="rounded-md bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50">
            Get Your Quote
          </a>
          <a
            href={telHref(config.supportPhone)}
            className="rounded-md border border-white px-6 py-3 font-semibold text-white hover:bg-blue-700"
          >
            Call {config.supportPhone}
          </a>
        </div>
      </div>
    </section>
  );
}
