import { describe, expect, it } from "vitest";
import { loader as home } from "~/routes/_quote+/_index/route";
import { loader as healthz } from "~/routes/healthz";
import { createApprovedDriver, createBooking } from "./factories";

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("/healthz", () => {
  it("answers 200 when the database answers", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("home loader", () => {
  it("reads the network figures from the database", async () => {
    const before = await home(args("http://localhost/"));
    await createApprovedDriver();
    await createBooking("completed");
    await createBooking("pending");
    const after = await home(args("http://localhost/"));
    expect(after.stats!.approvedDrivers).toBe(before.stats!.approvedDrivers + 1);
    expect(after.stats!.completedMoves).toBe(before.stats!.completedMoves + 1);
  });
});
