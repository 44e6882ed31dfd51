// The client's address, as our HTTP server (server.ts) saw it: the socket's peer or, behind
// TRUSTED_PROXY_HOPS proxies, the address the outermost trusted proxy appended to
// X-Forwarded-For (Express's `trust proxy` walks it from the right). It reaches loaders and
// actions as `context.clientAddress`; nothing here reads a header the client controls.
import { isIPv4, isIPv6 } from "node:net";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The key of the per-client rate limits (see clientAddressKey). */
    clientAddress?: string;
  }
}

/**
 * The key a client is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * unwrapped), an IPv6 address by its /64 network, which one subscriber gets whole and can
 * rotate through at will.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, missing)).fill("0"), ...right] : left;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}

/**
 * The address of the client a loader or action serves. Outside the HTTP server (a test that
 * calls a loader itself, a script) there is no socket: such callers share one key.
 */
export function clientAddress(context: { clientAddress?: string } | undefined): string {
  return context?.clientAddress ?? "local";
}
