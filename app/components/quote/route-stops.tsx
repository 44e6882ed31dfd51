// A route with extra stops, in order: the pickup, each stop (its type, address and access,
// and on the day whether it is done), the final delivery. Done is said in words, not colour.
import type { StopView } from "~/views/quote";

export function RouteStops({
  pickupAddress,
  deliveryAddress,
  stops,
  showProgress = false,
  testId = "route-stops",
}: {
  pickupAddress: string;
  deliveryAddress: string;
  stops: readonly StopView[];
  /** On the move's day: each stop says whether it is done. */
  showProgress?: boolean;
  testId?: string;
}) {
  return (
    <ol className="space-y-2 text-sm" data-testid={testId}>
      <li>
        <span className="font-semibold">Pickup:</span> {pickupAddress}
      </li>
      {stops.map((stop) => (
        <li key={stop.position} data-testid="route-stop">
          <span className="font-semibold">
            Stop {stop.position} ({stop.typeLabel.toLowerCase()}):
          </span>{" "}
          {stop.address} <span className="text-slate-600">· {stop.access}</span>
          {showProgress ? (
            <span
              className={`ml-2 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${stop.done ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-700"}`}
              data-testid="route-stop-state"
            >
              {stop.done ? "Done" : "Not yet"}
            </span>
          ) : null}
        </li>
      ))}
      <li>
        <span className="font-semibold">Final delivery:</span> {deliveryAddress}
      </li>
    </ol>
  );
}

/**
 * The addresses' entries of a summary's <dl>: "Pickup" and "Delivery" for a two-address move,
 * else one "Route" entry across the grid with every stop in order.
 */
export function RouteEntries({
  pickupAddress,
  deliveryAddress,
  stops,
  labels = ["Pickup", "Delivery"],
}: {
  pickupAddress: string;
  deliveryAddress: string;
  stops: readonly StopView[];
  labels?: [pickup: string, delivery: string];
}) {
  if (stops.length === 0)
    return (
      <>
        <div>
          <dt className="text-slate-600">{labels[0]}</dt>
          <dd>{pickupAddress}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{labels[1]}</dt>
          <dd>{deliveryAddress}</dd>
        </div>
      </>
    );
  return (
    <div className="col-span-full">
      <dt className="text-slate-600">Route, in order ({stops.length + 2} addresses)</dt>
      <dd className="mt-1">
        <RouteStops pickupAddress={pickupAddress} deliveryAddress={deliveryAddress} stops={stops} />
      </dd>
    </div>
  );
}
