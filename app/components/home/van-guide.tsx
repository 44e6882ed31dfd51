// The van size guide: one entry per size with its figures and three pictures that
// rotate every 5 s in CSS alone (paused for prefers-reduced-motion, on hover, or by the switch).
import { VAN_IMAGE_SIZE, vanImages } from "~/domain/van-images";
import { VAN_GUIDE } from "~/domain/vans";
import { HomeSection, QuoteLink } from "./section";
import "./home.css";

export function VanGuide() {
  return (
    <HomeSection
      id="van-guide"
      title="Van Size Guide"
      className="van-guide"
      intro="Not sure which van you need? Compare the sizes below; if your item list needs a bigger van, your quote tells you."
    >
      <p className="-mt-4 mb-6">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="van-carousel-pause size-6 accent-blue-700" />
          Pause the rotating van pictures
        </label>
      </p>
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {VAN_GUIDE.map((van) => (
          <li key={van.id}>
            <article
              aria-labelledby={`van-${van.id}-heading`}
              className="flex h-full flex-col rounded-lg border border-slate-200 bg-white shadow-sm"
              data-testid={`van-${van.id}`}
            >
              <div
                className="van-carousel aspect-[3/2] rounded-t-lg bg-slate-100"
                data-testid={`van-${van.id}-carousel`}
              >
                {vanImages(van.id).map((image) => (
                  <img
                    key={image.path}
                    src={image.path}
                    alt={image.alt}
                    width={VAN_IMAGE_SIZE.width}
                    height={VAN_IMAGE_SIZE.height}
                    loading="lazy"
                    decoding="async"
                  />
                ))}
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h3 id={`van-${van.id}-heading`} className="text-xl font-semibold text-slate-900">
                  {van.title}
                </h3>
                <p className="mt-2 text-slate-700">{van.description}</p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-medium text-slate-600">Load space</dt>
                  <dd className="text-slate-900">{van.loadSpace}</dd>
                  <dt className="font-medium text-slate-600">Max length</dt>
                  <dd className="text-slate-900">{van.maxLength}</dd>
                  <dt className="font-medium text-slate-600">Payload</dt>
                  <dd className="text-slate-900">{van.payload}</dd>
                  <dt className="font-medium text-slate-600">Capacity</dt>
                  <dd className="text-slate-900">{van.capacity}</dd>
                  <dt className="font-medium text-slate-600">Best for</dt>
                  <dd className="text-slate-900">{van.bestFor}</dd>
                </dl>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <QuoteLink className="mt-8" />
    </HomeSection>
  );
}
