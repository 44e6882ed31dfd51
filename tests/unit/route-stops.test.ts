// A move's route with extra stops: its legs, the form field of each address, and the order
// the driver works through the stops on the day.
import { describe, expect, it } from "vitest";
import {
  nextStop,
  routeLegs,
  routePointField,
  routeTextLines,
  STOP_MESSAGES,
  stopDoneRefusal,
  stopsLeftRefusal,
  stopView,
} from "~/domain/route-stops";

const at = new Date("2027-03-03T10:00:00Z");
const stops = [
  { position: 1, type: "pickup" as const, doneAt: null },
  { position: 2, type: "dropoff" as const, doneAt: null },
];

describe("the route", () => {
  it("names each address's form field, in route order", () => {
    expect([0, 1, 2, 3].map((point) => routePointField(point, 2))).toEqual([
      "pickupAddress",
      "stops[0].address",
      "stops[1].address",
      "deliveryAddress",
    ]);
    expect(routePointField(1, 0)).toBe("deliveryAddress");
  });

  it("pairs the addresses into legs, and has none for a two-address move", () => {
    expect(routeLegs(["A", "B", "C"], [120, 85])).toEqual([
      { from: "A", to: "B", miles: 12 },
      { from: "B", to: "C", miles: 8.5 },
    ]);
    expect(routeLegs(["A", "C"], [])).toEqual([]);
    expect(routeLegs(["A", "B", "C"], [])).toEqual([]); // a quote saved before v2
  });

  it("shows a stop's type and access, and writes the route as lines", () => {
    const view = stopView({
      position: 1,
      type: "dropoff",
      address: "Braintree CM7 1AA",
      floorAccess: "secondFloor",
      liftAvailable: true,
      doneAt: at,
    });
    expect(view).toEqual({
      position: 1,
      type: "dropoff",
      typeLabel: "Drop-off",
      address: "Braintree CM7 1AA",
      access: "Second floor, lift available",
      done: true,
    });
    expect(routeTextLines({ pickupAddress: "A", deliveryAddress: "C", stops: [view] })).toEqual([
      "Pickup: A",
      "Stop 1 (drop-off): Braintree CM7 1AA, Second floor, lift available",
      "Delivery: C",
    ]);
  });
});

describe("the stops on the day", () => {
  it("come after arriving at the pickup", () => {
    expect(stopDoneRefusal("nearby", stops, 1, { withProof: false })).toBe(STOP_MESSAGES.notArrived);
    expect(stopDoneRefusal("arrived", stops, 1, { withProof: false })).toBeNull();
  });

  it("go in route order, each once", () => {
    expect(stopDoneRefusal("arrived", stops, 2, { withProof: true })).toBe(STOP_MESSAGES.outOfOrder(1));
    const firstDone = [{ ...stops[0]!, doneAt: at }, stops[1]!];
    expect(stopDoneRefusal("arrived", firstDone, 1, { withProof: false })).toBe(STOP_MESSAGES.alreadyDone);
    expect(nextStop(firstDone)?.position).toBe(2);
    expect(stopDoneRefusal("arrived", firstDone, 3, { withProof: false })).toBe(STOP_MESSAGES.unknownStop);
  });

  it("need the proof of delivery at a drop-off", () => {
    const firstDone = [{ ...stops[0]!, doneAt: at }, stops[1]!];
    expect(stopDoneRefusal("arrived", firstDone, 2, { withProof: false })).toBe(STOP_MESSAGES.needsProof);
    expect(stopDoneRefusal("arrived", firstDone, 2, { withProof: true })).toBeNull();
  });

  it("must all be done before the move is completed", () => {
    expect(stopsLeftRefusal(stops)).toBe(STOP_MESSAGES.stopsFirst(1));
    expect(stopsLeftRefusal(stops.map((stop) => ({ ...stop, doneAt: at })))).toBeNull();
    expect(stopsLeftRefusal([])).toBeNull();
  });
});
