// The server build replaces Remix's internal Origin check with the app's stricter one
// (app/server/remix-origin-check.server.ts). This proves the replacement is found in the
// installed Remix and really takes, and that Remix is pinned to the version it was made for.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  crossSitePostsRefusedByRemix,
  remixActionsModule,
  REMIX_ORIGIN_CHECK,
  replaceRemixOriginCheck,
} from "~/server/remix-origin-check.server";

const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
};
const installedVersion = (name: string) => (JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;

describe("Remix's Origin check", () => {
  it("is where the replacement looks for it, and refuses a cross-site post until replaced", async () => {
    const actions = remixActionsModule();
    expect(typeof actions[REMIX_ORIGIN_CHECK]).toBe("function");
    const crossSite = new Headers({ Origin: "https://elsewhere.example", Host: "app.internal" });
    expect(() => (actions[REMIX_ORIGIN_CHECK] as (headers: Headers) => void)(crossSite)).toThrow(/origin/i);
    expect(await crossSitePostsRefusedByRemix()).toEqual(["form post", "data request"]);
  });

  it("stops start-up with a clear message when the replacement does not take", async () => {
    // As if a Remix upgrade called the check through an internal binding: writes are ignored.
    const actions = remixActionsModule();
    const original = actions[REMIX_ORIGIN_CHECK];
    Object.defineProperty(actions, REMIX_ORIGIN_CHECK, { configurable: true, enumerable: true, get: () => original, set: () => {} });
    try {
      await expect(replaceRemixOriginCheck()).rejects.toThrow(/Start-up stopped: .*Remix still refuses a cross-site form post and data request/);
    } finally {
      Object.defineProperty(actions, REMIX_ORIGIN_CHECK, { configurable: true, enumerable: true, writable: true, value: original });
    }
  });

  it("is replaced, so a cross-site post reaches the app's own check (which answers 403)", async () => {
    await expect(replaceRemixOriginCheck()).resolves.toBeUndefined();
    expect(await crossSitePostsRefusedByRemix()).toEqual([]);
  });
});

describe("the Remix version", () => {
  const remixPackages = [
    ...Object.entries(packageJson.dependencies),
    ...Object.entries(packageJson.devDependencies),
    ...Object.entries(packageJson.overrides),
  ].filter(([name]) => name.startsWith("@remix-run/"));

  it("is pinned exactly, the server runtime included", () => {
    expect(remixPackages.map(([name]) => name)).toContain("@remix-run/server-runtime");
    for (const [name, range] of remixPackages) expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("is the one installed", () => {
    for (const [name, range] of remixPackages) expect(installedVersion(name), name).toBe(range);
  });
});
