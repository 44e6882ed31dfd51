// How the app server is started, the same for `npm start`, the bench and the reliability
// tests: Node with tsx's loader (not the tsx command, whose signal relay can kill the server
// before it drains) running server.ts.
//
// A young generation of 32 MB a half-space (V8's default is 16): each page render allocates a
// few hundred kilobytes of short-lived strings and objects, and with the default the collector
// ran so often that the same pages served 10 to 20 % fewer requests a second (the national
// data set's /driver, /admin/bookings and /admin/dashboard, measured side by side). It costs
// at most 64 MB more memory a process. Cluster workers inherit it.
export const SERVER_NODE_ARGS = ["--max-semi-space-size=32", "--import", "tsx", "server.ts"];
