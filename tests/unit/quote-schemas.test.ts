// The quote schemas' API compatibility and the distance calculator's address rule.
import { describe, expect, it } from "vitest";
import { apiQuoteRequestSchema, distanceCalculatorSchema, QUOTE_MESSAGES, quoteFormSchema } from "~/schemas/quote";

const move = {
  collectionAddress: "1 Grey Street, Newcastle NE1 6EE",
  deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
  moveDate: "2099-03-04",
};

describe("API items", () => {
  it("take an item's weight as weightKg, and requiresDisassembly", () => {
    const parsed = apiQuoteRequestSchema.parse({
      ...move,
      items: [
        { name: "Piano", quantity: 1, weight: 250, requiresDisassembly: false },
        { name: "Wardrobe", quantity: "2", weight: "80.5", requiresDisassembly: "true", fragile: "false" },
        { name: "Desk", quantity: 1, weightKg: 30, weight: 99 },
        { name: "Box", quantity: 1 },
      ],
    });
    expect(parsed.items).toEqual([
      expect.objectContaining({ name: "Piano", weightKg: 250, requiresDisassembly: false }),
      expect.objectContaining({
        name: "Wardrobe",
        quantity: 2,
        weightKg: 80.5,
        requiresDisassembly: true,
        fragile: false,
      }),
      expect.objectContaining({ name: "Desk", weightKg: 30 }), // weightKg wins when both come
      expect.objectContaining({ name: "Box", requiresDisassembly: false, fragile: false }),
    ]);
    expect(parsed.items[3]!.weightKg).toBeUndefined();
  });

  it("refuse a bad weight or flag with a field error", () => {
    const result = apiQuoteRequestSchema.safeParse({
      ...move,
      items: [{ name: "Piano", quantity: 1, weight: -1, requiresDisassembly: "maybe" }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["items.0.weightKg", "items.0.requiresDisassembly"]));
  });

  it("the forms' items carry the disassembly flag too", () => {
    const parsed = quoteFormSchema.parse({
      ...move,
      pickupAddress: move.collectionAddress,
      items: [{ name: "Bed", quantity: 1, requiresDisassembly: true }],
    });
    expect(parsed.items[0]!.requiresDisassembly).toBe(true);
  });
});

describe("the distance calculator's addresses", () => {
  const errorsFor = (input: Record<string, string>) => {
    const result = distanceCalculatorSchema.safeParse(input);
    return result.success ? {} : result.error.flatten().fieldErrors;
  };

  it("need only to be there for measuring", () => {
    expect(errorsFor({ pickupAddress: "E1", deliveryAddress: "B1", action: "distance" })).toEqual({});
    expect(errorsFor({ pickupAddress: "", deliveryAddress: "B1", action: "distance" })).toEqual({
      pickupAddress: [QUOTE_MESSAGES.bothAddresses],
    });
  });

  it.each(["simple", "detailed"])("follow every quote form's 5-character rule for a %s quote", (action) => {
    expect(errorsFor({ pickupAddress: "E1", deliveryAddress: "B1 1B", action })).toEqual({
      pickupAddress: [QUOTE_MESSAGES.pickupAddress],
    });
    expect(errorsFor({ pickupAddress: "E1 6AN", deliveryAddress: " B1  ", action })).toEqual({
      deliveryAddress: [QUOTE_MESSAGES.deliveryAddress],
    });
    expect(errorsFor({ pickupAddress: "", deliveryAddress: "B1 1BB", action })).toEqual({
      pickupAddress: [QUOTE_MESSAGES.bothAddresses],
    });
    expect(errorsFor({ pickupAddress: "E1 6AN", deliveryAddress: "B1 1BB", action })).toEqual({});
  });
});
