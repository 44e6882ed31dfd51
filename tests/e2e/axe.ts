// The one accessibility audit of the end-to-end tests: axe with the tags of WCAG 2.2 A and AA
// (and its best practices where a page asks for them). A test audits the page as it is now, so
// a state no route audit reaches (an open dialog, an error) is audited where the test makes it.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type AxeFinding = { id: string; help: string; targets: string[] };

/**
 * axe's findings on the page (or the part `include` selects): the serious and critical ones,
 * and the moderate and minor ones of WCAG's own rules (best practice counts only when serious).
 */
export async function auditPage(
  page: Page,
  { bestPractice = false, include }: { bestPractice?: boolean; include?: string } = {},
) {
  const builder = new AxeBuilder({ page }).withTags(bestPractice ? [...WCAG_22_AA, "best-practice"] : WCAG_22_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.passes.length, "axe ran its checks").toBeGreaterThan(3);
  const wcag = (tags: string[]) => tags.some((tag) => WCAG_22_AA.includes(tag));
  const findings = (impacts: string[]): AxeFinding[] =>
    results.violations
      .filter((violation) => impacts.includes(violation.impact ?? ""))
      .filter((violation) => impacts.includes("serious") || wcag(violation.tags))
      .map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
      }));
  return { serious: findings(["serious", "critical"]), moderate: findings(["moderate", "minor"]) };
}

/** No serious or critical finding on the page as it is now. */
export async function expectAccessible(
  page: Page,
  options: { bestPractice?: boolean; include?: string; label?: string } = {},
) {
  const { serious } = await auditPage(page, options);
  expect(serious, options.label ?? page.url()).toEqual([]);
}
