// The PayPal stand-in as a process of its own, for the e2e run (playwright.config.ts): PayPal
// credentials saved on /stripe-config are checked against it. Its client id and secret are
// the stand-in's own ("stand-in-client-id", "stand-in-client-secret").
// `tsx tests/support/run-paypal-stand-in.ts <port>`.
import { startPayPalStandIn } from "./paypal-stand-in";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("Usage: tsx tests/support/run-paypal-stand-in.ts <port>");
const standIn = await startPayPalStandIn({ port });
console.log(`PayPal stand-in listening on ${standIn.baseUrl}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
