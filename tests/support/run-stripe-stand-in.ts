// The Stripe stand-in as a process of its own, for the e2e run's Stripe-configured app server
// (playwright.config.ts): `tsx tests/support/run-stripe-stand-in.ts <port>`.
import { startStripeStandIn } from "./stripe-stand-in";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("Usage: tsx tests/support/run-stripe-stand-in.ts <port>");
const standIn = await startStripeStandIn({ port });
console.log(`Stripe stand-in listening on ${standIn.baseUrl}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
