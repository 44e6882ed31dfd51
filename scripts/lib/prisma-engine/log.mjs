// Logging for the schema-engine stand-in.
//
// Prisma's CLI reads the engine's stderr as JSON log lines, the way the native binary writes
// them ({"timestamp","level","fields":{"message",...},"target"}). stdout is reserved for
// JSON-RPC traffic, so nothing here (or anywhere else in the process) may write to stdout.

/** Write one JSON log line to stderr in the native engine's format. */
export function logLine(level, fields, target = "schema_engine::logger") {
  const line = { timestamp: new Date().toISOString(), level, fields, target };
  process.stderr.write(JSON.stringify(line) + "\n");
}

export const logInfo = (message) => logLine("INFO", { message });

/** The form the CLI looks for after a failed one-shot command: level ERROR + fields.error_code. */
export const logError = (message, errorCode) =>
  logLine("ERROR", errorCode ? { message, error_code: errorCode } : { message });

/**
 * Log callback for the WASM engine: it hands us ready-made JSON lines (with a trailing
 * newline), which we pass through to stderr unchanged.
 */
export function forwardEngineLog(line) {
  const text = String(line);
  process.stderr.write(text.endsWith("\n") ? text : text + "\n");
}

/**
 * A stray console.log from any library would corrupt the JSON-RPC stream on stdout, and a plain
 * text line on stderr breaks the CLI's parsing of a failed one-shot command. So: console output
 * goes to stderr, and Node's process warnings (e.g. pg's sslmode notice) become JSON log lines.
 */
export function keepOutputParseable() {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  process.removeAllListeners("warning"); // Node's default listener prints plain text
  process.on("warning", (warning) => logLine("WARN", { message: String(warning?.message ?? warning) }));
}
