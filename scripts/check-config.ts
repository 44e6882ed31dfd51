// Parses the configuration as the server will (app/server/platform/env.server.ts) and exits 1 with its
// message when it cannot start, so `npm start` stops before it touches the database.
export {};

try {
  await import("../app/server/platform/env.server");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
