// The mail outage test: while the mail server is down, a customer pays, an admin
// assigns a driver and a password reset is asked for; the app is restarted; the mail server
// comes back. Every message arrives exactly once (one copy per Message-ID), with the right
// content, within 2 minutes of the mail server's return. A real SMTP server (smtp-server, read
// back with mailparser) on a fixed port, the production build, PostgreSQL of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-stand-in";
import {
  ADMIN,
  DEMO_PASSWORD,
  TRACKED,
  postForm,
  postJson,
  quoteBody,
  randomIp,
  serveApp,
  signInToken,
  sleep,
  startDatabase,
  type App,
  type TestDatabase,
} from "./harness";
import { record, saveLog } from "./report";

const APP_PORT = 4467;
const DB_PORT = 4487;
const SMTP_PORT = 4587;
const DELIVERY_LIMIT_MS = 120_000;

let database: TestDatabase;
let smtp: SmtpStandIn;
let app: App;
const logs: string[] = [];

const appEnv = () => ({ SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: "EasyMove <no-reply@easymove.example>" });

beforeAll(async () => {
  smtp = await startSmtpStandIn({ port: SMTP_PORT });
  await smtp.down();
  database = await startDatabase("outage", DB_PORT);
  app = await serveApp(database, APP_PORT, appEnv());
});

afterAll(async () => {
  await app?.stop();
  logs.push(app?.output() ?? "");
  saveLog("message-outage-app.log", logs.join("\n---- restarted ----\n"));
  await smtp?.close();
  await database?.remove();
});

/** The admin's session cookie, through the admin sign-in form. */
async function adminCookie() {
  const response = await postForm(
    app,
    "/admin/login",
    { email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin/dashboard" },
    { headers: { "X-Forwarded-For": randomIp() } },
  );
  expect(response.status, "admin sign-in").toBe(302);
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith("__session=") && !/Max-Age=0/i.test(line))!
    .split(";")[0]!;
}

/** Quote, booking, hosted checkout and the sandbox card page: a paid booking. */
async function bookAndPay(token: string) {
  const quoted = await postJson(app, "/api/quotes/calculate", quoteBody(2));
  const quoteId = ((await quoted.json()) as { quote: { id: string } }).quote.id;
  const booked = await postJson(app, "/api/bookings/create", { quoteId }, { token });
  expect(booked.status).toBe(201);
  const booking = ((await booked.json()) as { booking: { id: string; reference: string } }).booking;
  const checkout = await postJson(
    app,
    "/api/create-stripe-checkout-session",
    {
      bookingId: booking.id,
      customerEmail: TRACKED.customer,
      customerName: TRACKED.customerName,
      customerPhone: "07400 900555",
    },
    { token },
  );
  const session = (await checkout.json()) as { url: string };
  const paid = await postForm(app, new URL(session.url).pathname, {
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 35",
    cvc: "123",
  });
  expect(paid.status).toBe(303);
  return booking;
}

type MessageRow = { key: string; state: string; tries: number; headerId: string; sentAt: Date | null };

describe("messages through a mail server outage and a restart", () => {
  it("every message arrives exactly once, with its content, within 2 minutes of the mail server's return", async () => {
    const startedAt = Date.now();
    // 1. While the mail server is down: a payment, a driver assigned, a password reset.
    const token = await signInToken(app, TRACKED.customer, DEMO_PASSWORD);
    const booking = await bookAndPay(token);
    const [driver] = await database.query<{ id: string }>(`select id from "Driver" where email = $1`, [TRACKED.driver]);
    const assigned = await postForm(
      app,
      "/admin/bookings",
      { intent: "assign", bookingId: booking.id, driverId: driver!.id },
      { cookie: await adminCookie() },
    );
    expect(assigned.status).toBeLessThan(400);
    const reset = await postForm(
      app,
      "/forgot-password",
      { email: TRACKED.customer },
      { headers: { "X-Forwarded-For": randomIp() } },
    );
    expect(reset.status).toBeLessThan(400);

    const messages = () =>
      database.query<MessageRow>(
        `select key, state::text as state, tries, "headerId", "sentAt" from "Message" where ("bookingId" = $1 or key like 'password-reset:%') and channel = 'email' order by key`,
        [booking.id],
      );
    // Each was tried and failed: the mail server does not answer.
    const deadline = Date.now() + 30_000;
    while ((await messages()).filter((row) => row.state === "retrying").length < 3) {
      if (Date.now() > deadline) throw new Error(`not tried: ${JSON.stringify(await messages())}`);
      await sleep(250);
    }
    expect((await messages()).map((row) => row.key.split(":")[0])).toEqual([
      "booking-confirmed",
      "driver-assigned",
      "password-reset",
    ]);

    // 2. The app is restarted (a deploy), its queued retries waiting in PostgreSQL.
    await app.stop();
    logs.push(app.output());
    app = await serveApp(database, APP_PORT, appEnv());

    // 3. The mail server comes back.
    await smtp.up();
    const backAt = Date.now();
    while ((await messages()).some((row) => row.state !== "sent")) {
      if (Date.now() - backAt > DELIVERY_LIMIT_MS + 10_000) break;
      await sleep(500);
    }
    const rows = await messages();
    const lastSent = Math.max(...rows.map((row) => new Date(row.sentAt ?? Date.now()).getTime()));
    const mail = smtp.to(TRACKED.customer);
    record([
      `messages: ${rows.length}, sent ${rows.filter((row) => row.state === "sent").length}`,
      `tries: ${rows.map((row) => `${row.key.split(":")[0]} ${row.tries}`).join(", ")}`,
      `all delivered ${((lastSent - backAt) / 1000).toFixed(1)} s after the mail server came back (limit ${DELIVERY_LIMIT_MS / 1000} s)`,
      `copies received: ${mail.length}; the whole test ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
    ]);
    expect(rows.every((row) => row.state === "sent")).toBe(true);
    expect(lastSent - backAt).toBeLessThanOrEqual(DELIVERY_LIMIT_MS);

    // Exactly once: one copy per message, each with the message's own Message-ID.
    expect(mail.map((one) => one.messageId).sort()).toEqual(rows.map((row) => row.headerId).sort());
    const subjects = mail.map((one) => one.subject).sort();
    expect(subjects).toEqual(
      [
        `Booking confirmed: ${booking.reference}`,
        `Your driver: ${booking.reference}`,
        "Reset your EasyMove password",
      ].sort(),
    );
    const confirmation = mail.find((one) => one.subject?.startsWith("Booking confirmed"))!;
    expect(confirmation.text).toContain("Your move is confirmed and paid.");
    const assignedMail = mail.find((one) => one.subject?.startsWith("Your driver"))!;
    expect(assignedMail.text).toContain("Driver: ");
    const resetMail = mail.find((one) => one.subject === "Reset your EasyMove password")!;
    expect(resetMail.text).toMatch(new RegExp(`${app.url}/reset-password/[A-Za-z0-9_-]+`));
  });
});
