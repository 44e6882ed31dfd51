// Counted words, one way everywhere: "1 minute", "2 minutes", "0 helpers". English plural rules
// come from Intl.PluralRules (CLDR), so a count is never "1 minutes" or "2 minute".
const english = new Intl.PluralRules("en-GB");

/** The word for `count`: `one` when English says so, else `other` (`one` + "s" by default). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return english.select(count) === "one" ? one : other;
}

/** The count and its word: "1 minute", "3 minutes", "2.5 hours". */
export function countOf(count: number, one: string, other?: string): string {
  return `${count} ${pluralWord(count, one, other)}`;
}

/**
 * How a list row says a route has extra stops between its ends ("via 2 extra stops"); null
 * without. Worded on the server (the pages' own code never needs it).
 */
export function extraStopsText(count: number): string | null {
  return count > 0 ? `via ${countOf(count, "extra stop")}` : null;
}
