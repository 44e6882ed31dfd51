// A JSON-LD document and how it is written into a page, apart from the builders of
// structured-data.ts (which the server runs), so that pages carry only this.
export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string | string[] };

/** JSON safe to put inside a <script> element: no "</script>" or HTML comment can end it early. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
