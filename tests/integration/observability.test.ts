// What lets an operator see the app run: readiness against the real database, the request's
// id carried to e-mails and to Stripe as their correlation id, and the counters behind /metrics.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const { outbox } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const outbox = mkdtempSync(join(tmpdir(), "easymove-observability-"));
  vi.stubEnv("OUTBOX_DIR", outbox);
  return { outbox };
});

const { readiness, pendingMigrations } = await import("~/server/platform/readiness.server");
const { db } = await import("~/server/platform/db.server");
const { queueMessage } = await import("~/server/messages/outbox.server");
const { deliverMessage } = await import("~/server/message-delivery.server");
const { metrics } = await import("~/server/platform/metrics.server");
const { runWithRequestId } = await import("~/server/platform/request-context.server");
const { createStripeGateway } = await import("~/server/payments/stripe.server");
const { env } = await import("~/server/platform/env.server");
const { startStripeStandIn } = await import("../support/stripe-stand-in");

afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));

const counted = async (name: string, labels: Record<string, string>) => {
  const metric = (await metrics.registry.getSingleMetric(name)!.get()).values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return metric?.value ?? 0;
};

describe("readiness", () => {
  it("is ready on a database with every migration of this release applied", async () => {
    expect(await readiness()).toEqual({ ready: true, database: "ok", migrations: "ok" });
  });

  it("names the release's migrations the database lacks, and minds no newer ones", () => {
    expect(pendingMigrations(["a", "b", "c"], ["a", "c", "d"])).toEqual(["b"]);
    expect(pendingMigrations(["a"], ["a", "b"])).toEqual([]);
  });
});

describe("correlation ids", () => {
  it("an e-mail queued while a request is handled carries the request's id when the worker sends it, and is counted", async () => {
    const before = await counted("easymove_emails_total", { outcome: "sent" });
    const sentBefore = await counted("easymove_messages_total", { channel: "email", outcome: "sent" });
    const key = `observed:${Date.now()}`;
    const report = { email: "observed@example.com", problem: "Hello" };
    await runWithRequestId("req-0123456789abcdef", () =>
      db.$transaction((tx) => queueMessage(tx, "accessibility-report-copy", { report }, { key })),
    );
    const { id } = await db.message.findUniqueOrThrow({ where: { key }, select: { id: true } });
    await deliverMessage(id);
    const eml = fs.readdirSync(outbox).find((file) => file.endsWith(".eml"))!;
    expect(fs.readFileSync(path.join(outbox, eml), "utf8")).toMatch(/^X-Request-ID: req-0123456789abcdef\r?$/im);
    expect(await counted("easymove_emails_total", { outcome: "sent" })).toBe(before + 1);
    expect(await counted("easymove_messages_total", { channel: "email", outcome: "sent" })).toBe(sentBefore + 1);
    expect(await counted("easymove_emails_in_flight", {})).toBe(0);
  });

  describe("Stripe", () => {
    let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
    const saved = env.STRIPE_API_BASE;
    beforeAll(async () => {
      standIn = await startStripeStandIn();
      env.STRIPE_API_BASE = standIn.baseUrl;
    });
    afterAll(async () => {
      env.STRIPE_API_BASE = saved;
      await standIn.close();
    });

    it("every call made for a request carries its id", async () => {
      const gateway = createStripeGateway(`sk_test_observability_${os.hostname().length}`);
      await runWithRequestId("req-stripe-0123456789", () => gateway.retrievePaymentIntent("pi_missing"));
      const calls = standIn.requests.filter((request) => request.path.startsWith("/v1/"));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.requestId).toBe("req-stripe-0123456789");
    });
  });
});
