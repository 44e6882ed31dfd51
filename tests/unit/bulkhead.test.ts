// The bulkhead (server/platform/bulkhead.server.ts): never more than its limit at once, the
// rest in order, and a failure frees its place.
import { describe, expect, it } from "vitest";
import { bulkhead } from "~/server/platform/bulkhead.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("bulkhead", () => {
  it("runs at most `limit` at once, the others in the order they came", async () => {
    const run = bulkhead(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        run(async () => {
          started.push(index);
          most = Math.max(most, ++running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("frees the place of a run that throws, and passes its error and results on", async () => {
    const run = bulkhead(1);
    const failed = run(async () => {
      await tick();
      throw new Error("refused");
    });
    const next = run(async () => "next ran");
    await expect(failed).rejects.toThrow("refused");
    await expect(next).resolves.toBe("next ran");
    await expect(run(async () => 42)).resolves.toBe(42);
  });

  it("lets the next run in while one waits outside, and takes that one back first", async () => {
    const run = bulkhead(1);
    const order: string[] = [];
    let answer: (value: string) => void = () => {};
    const provider = new Promise<string>((resolve) => (answer = resolve));
    const first = run(async (turn) => {
      order.push("first starts");
      const said = await turn.outside(() => provider);
      order.push(`first has ${said}`);
    });
    const second = run(async () => {
      order.push("second runs");
      await tick();
      answer("its answer"); // comes while the second still holds the slot
      await tick();
      order.push("second ends");
    });
    const third = run(async () => void order.push("third runs"));
    await Promise.all([first, second, third]);
    // The second ran while the first waited; the first came back before the third, which waited in line.
    expect(order).toEqual(["first starts", "second runs", "second ends", "first has its answer", "third runs"]);
  });
});
