// The proof of delivery, as the customer, the driver and admins see it: when and to whom the
// goods were handed, the signature, any damage noted and the photos (each opens full size).
import type { DeliveryProofView } from "~/views/tracker";

export function DeliveryProofCard({
  proof,
  headingLevel = "h2",
}: {
  proof: DeliveryProofView;
  /** h3 where the card sits under a section's h2 (the admin's booking). */
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const headingId = `delivery-proof-heading-${proof.stop}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={proof.stop === 0 ? "delivery-proof" : `delivery-proof-stop-${proof.stop}`}
    >
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {proof.title}
      </Heading>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Delivered</dt>
        <dd className="text-slate-900">
          <time dateTime={proof.at}>{proof.atText}</time>
        </dd>
        <dt className="font-medium text-slate-600">Received by</dt>
        <dd className="text-slate-900" data-testid="proof-recipient">
          {proof.recipientName}
        </dd>
        <dt className="font-medium text-slate-600">Signature</dt>
        <dd className="text-slate-900">
          {proof.signature.kind === "drawn" ? (
            <img
              src={proof.signature.url}
              alt={`Signature of ${proof.recipientName}`}
              className="h-16 w-auto rounded border border-slate-200 bg-white"
              data-testid="proof-signature"
            />
          ) : (
            <span data-testid="proof-signature">{proof.signature.name} (typed)</span>
          )}
        </dd>
        <dt className="font-medium text-slate-600">Damage noted</dt>
        <dd className="whitespace-pre-line break-words text-slate-900">{proof.damageNotes ?? "None"}</dd>
      </dl>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Delivery photos">
        {proof.photos.map((photo) => (
          <li key={photo.url}>
            <a href={photo.url} className="block rounded-md focus-visible:ring-2 focus-visible:ring-blue-600">
              <img
                src={photo.url}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-square w-full rounded-md border border-slate-200 object-cover"
                data-testid="proof-photo"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
