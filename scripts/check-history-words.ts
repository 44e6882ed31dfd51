// Part of `npm run lint`: comments, docs and test titles say how the code is and why, never
// which issue asked for it or which work session made it (that history is in git). Lists every
// line of the tracked files that names an issue ("issue 34", "issues 12 and 13", "#34") or a
// work session ("the third session", "session 12"), and fails when there is one.
// Migrations are left out: they are history by nature, and a changed migration no longer
// matches the checksum databases recorded when they applied it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const HISTORY_WORDS = [
  /\bissues? #?\d+/i,
  /(?:^|[\s(])#\d{1,3}\b(?![\da-f])/,
  /\b(?:the|this|that|last|next) (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|\d+(?:st|nd|rd|th)) (?:work )?session\b/i,
  /\bin (?:the|this|that) (?:previous|last|next|same) session\b/i,
  /\bsessions? \d+\b/i,
];

const CHECKED = /\.(?:ts|tsx|js|mjs|cjs|md|prisma|json|css|yml|yaml|sh)$|^\.ci\/run$/;
const SKIPPED = [
  /^prisma\/migrations\//,
  /^package-lock\.json$/,
  // The check and its test, for their examples.
  /^scripts\/check-history-words\.ts$/,
  /^tests\/unit\/history-words\.test\.ts$/,
];

/** The lines of `text` that name an issue or a work session: [line number, line]. */
export function historyWordsIn(text: string): [number, string][] {
  return text
    .split("\n")
    .map((line, index): [number, string] => [index + 1, line])
    .filter(([, line]) => HISTORY_WORDS.some((pattern) => pattern.test(line)));
}

function trackedFiles() {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => CHECKED.test(file) && !SKIPPED.some((pattern) => pattern.test(file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = trackedFiles().flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return []; // deleted in the working tree
    }
    return historyWordsIn(text).map(([line, content]) => `${file}:${line}: ${content.trim().slice(0, 120)}`);
  });
  if (found.length > 0) {
    console.error(
      "These lines name an issue or a work session; say how the code is and why instead (history is in git):",
    );
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
}
