// A local stand-in for Google's Distance Matrix API, so tests exercise the real HTTP code
// path without a key or the network. It listens on 127.0.0.1 on a free port, answers
// GET /maps/api/distancematrix/json the way Google does, records every request, and can
// be told to fail (HTTP error, a non-OK status, an element status, or no answer at all).
import { startStandInServer } from "./stand-in-server";

export type StandInFailure =
  | { httpStatus: number } // e.g. 500
  | { status: string } // top-level status, e.g. "REQUEST_DENIED"
  | { elementStatus: string } // e.g. "NOT_FOUND", "ZERO_RESULTS"
  | "hang"; // never answers, to test the timeout

export interface GoogleMapsStandIn {
  /** Pass as baseUrl to createGoogleDistanceSource. */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: URL[];
  /** Answer with this route from now on (default: 10,000 m, 1,200 s). */
  answer(route: { metres: number; seconds: number }): void;
  failWith(failure: StandInFailure): void;
  /** Forget requests and failures; answer the default route. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_ROUTE = { metres: 10_000, seconds: 1_200 };
const PATH = "/maps/api/distancematrix/json";

export async function startGoogleMapsStandIn(): Promise<GoogleMapsStandIn> {
  let route = DEFAULT_ROUTE;
  let failure: StandInFailure | null = null;
  const requests: URL[] = [];

  const server = await startStandInServer({
    handle({ response, url }) {
      requests.push(url);
      if (failure === "hang") return; // leave the request open; close() ends it
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (url.pathname !== PATH) return send(404, { error: "not found" });
      if (failure && "httpStatus" in failure) return send(failure.httpStatus, { error: "stand-in failure" });
      if (failure && "status" in failure) {
        return send(200, { status: failure.status, error_message: "stand-in failure", rows: [] });
      }
      const origin = url.searchParams.get("origins") ?? "";
      const destination = url.searchParams.get("destinations") ?? "";
      const element =
        failure && "elementStatus" in failure
          ? { status: failure.elementStatus }
          : {
              status: "OK",
              distance: { text: `${(route.metres / 1609.344).toFixed(1)} mi`, value: route.metres },
              duration: { text: `${Math.round(route.seconds / 60)} mins`, value: route.seconds },
            };
      send(200, {
        status: "OK",
        origin_addresses: [`${origin}, UK`],
        destination_addresses: [`${destination}, UK`],
        rows: [{ elements: [element] }],
      });
    },
    crashed(error, response) {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: `Stand-in crashed: ${String(error)}` }));
    },
  });

  return {
    baseUrl: server.baseUrl,
    requests,
    answer(next) {
      route = next;
      failure = null;
    },
    failWith(next) {
      failure = next;
    },
    reset() {
      route = DEFAULT_ROUTE;
      failure = null;
      requests.length = 0;
    },
    close: server.close,
  };
}
