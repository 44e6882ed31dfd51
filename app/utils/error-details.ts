/** What the error page may show of an error: its stack in development, nothing in production. */
export function errorDetailsToShow(error: unknown, development: boolean): string | null {
  if (!development) return null;
  return error instanceof Error ? (error.stack ?? error.message) : null;
}
