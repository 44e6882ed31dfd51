// One line per request for the server's access log (server.ts), with nothing in it that
// could sign anyone in or pay with anything: a password-reset link's token, a payment
// provider's return tokens and any query value named like a secret are replaced by "[redacted]".

const SECRET_PATHS: RegExp[] = [/^(\/reset-password\/)[^/?#]+/];

const SECRET_QUERY_NAMES =
  /^(token|code|key|secret|password|session_id|payment_intent|payment_intent_client_secret|setup_intent_client_secret|payerid|ba_token)$|secret|password|token/i;

const REDACTED = "[redacted]";

/** The request's path and query as they may be logged. */
export function redactedUrl(originalUrl: string): string {
  const [pathPart = "", query] = splitOnce(originalUrl, "?");
  let path = pathPart;
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (query === undefined) return path;
  const params = query.split("&").map((pair) => {
    const [name = ""] = splitOnce(pair, "=");
    return SECRET_QUERY_NAMES.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${path}?${params.join("&")}`;
}

export type AccessLogEntry = {
  at: Date;
  clientAddress: string;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  bytes?: number;
};

/** The same facts as fields of a JSON log line (production's logs), the URL redacted alike. */
export function accessLogFields({ clientAddress, method, url, status, durationMs, bytes }: AccessLogEntry) {
  return { clientAddress, method, url: redactedUrl(url), status, durationMs: Math.round(durationMs * 10) / 10, bytes };
}

export function accessLogLine({ at, clientAddress, method, url, status, durationMs, bytes }: AccessLogEntry): string {
  return `${at.toISOString()} ${clientAddress} "${method} ${redactedUrl(url)}" ${status} ${bytes ?? "-"} ${durationMs.toFixed(1)}ms`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
