// Where the app's absolute addresses point (links in e-mails, a payment provider's return
// address, the sitemap). Production: SITE_URL, always, never the request's Host, which the
// client writes. A local demo without SITE_URL: the visitor's own origin when they came by a
// local host name (127.0.0.1:4123, localhost:3000, myname.localhost), so they stay on it and
// keep their session cookie; else the host and port it listens on.
import net from "node:net";

/** The address a server listening on `host`:`port` is reached at from this machine. */
export function listenUrl(host: string | undefined, port: number): string {
  const anyAddress = !host || host === "0.0.0.0" || host === "::";
  const name = anyAddress ? "localhost" : host;
  return `http://${net.isIPv6(name) ? `[${name}]` : name}:${port}`;
}

/** Whether a host name (no port) names this machine: localhost, *.localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (net.isIPv4(name)) return name.startsWith("127.");
  return name === "::1";
}

/**
 * The origin a visitor used, from the request's protocol and Host, when that host is this
 * machine's (or the one the server was told to listen on); undefined otherwise, so a forged
 * Host never makes an address.
 */
export function visitorOriginOf(protocol: string, hostHeader: string | undefined, listenHost?: string) {
  if (!hostHeader || (protocol !== "http" && protocol !== "https")) return undefined;
  // A host and an optional port, nothing that could carry a path or credentials.
  if (/[/\\@?#\s]/.test(hostHeader)) return undefined;
  let url: URL;
  try {
    url = new URL(`${protocol}://${hostHeader}`);
  } catch {
    return undefined;
  }
  const local = isLoopbackHost(url.hostname) || (listenHost !== undefined && url.hostname === listenHost.toLowerCase());
  return local ? url.origin : undefined;
}
