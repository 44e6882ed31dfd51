// docs/API.md lists every JSON endpoint the app serves: a new route under app/routes/api+ is
// not done until it is described there.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** "admin.users.$id.status.ts" → "/api/admin/users/:id/status". */
function pathOf(file: string) {
  const segments = file
    .replace(/\.ts$/, "")
    .split(".")
    .map((segment) => (segment.startsWith("$") ? `:${segment.slice(1)}` : segment));
  return `/api/${segments.join("/")}`;
}

describe("docs/API.md", () => {
  it("describes every endpoint under app/routes/api+", () => {
    const doc = readFileSync("docs/API.md", "utf8");
    const endpoints = readdirSync("app/routes/api+")
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".server.ts"))
      .map(pathOf);
    expect(endpoints.length).toBeGreaterThan(30);
    expect(endpoints.filter((endpoint) => !doc.includes(`\`${endpoint}\``))).toEqual([]);
  });
});
