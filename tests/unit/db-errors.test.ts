// Which failures mean "the database is away" (a 503) rather than a bug (a 500): among them the
// pg client's own words when a query runs on a connection the server has just dropped, seen
// when PostgreSQL was stopped in the middle of a load (tests/reliability/database-fault.test.ts).
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/server/platform/db-errors.server";

describe("isDatabaseUnavailable", () => {
  it("recognises a dropped or closed pg client, directly or as a cause", () => {
    const dropped = new Error("Client has encountered a connection error and is not queryable");
    expect(isDatabaseUnavailable(dropped)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client was closed and is not queryable"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("query failed"), { cause: dropped }))).toBe(true);
    expect(isDatabaseUnavailable({ code: "P1001", message: "Can't reach database server" })).toBe(true);
  });

  it("leaves other failures alone", () => {
    expect(isDatabaseUnavailable(new Error("Unique constraint failed on the fields: (`email`)"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
