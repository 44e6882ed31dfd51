// Structured data for search engines, in a <script type="application/ld+json"> that carries
// the request's CSP nonce (data, not code, but the policy stays strict either way).
import { serializeJsonLd, type JsonLd as JsonLdData } from "~/utils/json-ld";
import { useNonce } from "~/utils/nonce-provider";

export function JsonLd({ data }: { data: JsonLdData | JsonLdData[] }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
