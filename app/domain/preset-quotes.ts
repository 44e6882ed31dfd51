// The three preset cases of /test-detailed-quotes: PRICING.md's worked examples and a
// central London evening move, so an admin can see every rule at work.
import type { PriceInput } from "./pricing";

export const PRESET_QUOTES: readonly { title: string; input: PriceInput }[] = [
  {
    title: "Chelmsford to Witham, medium van, first floor (PRICING.md case A)",
    input: { distanceMiles: 12, vanSize: "medium", helpers: 1, floorAccessPickup: "firstFloor", moveDate: "2027-03-03", moveTime: "09:00", pickupAddress: "Chelmsford CM1 1HL", deliveryAddress: "Witham CM8 2AF" },
  },
  {
    title: "Newcastle NE1 to NE2, small van (PRICING.md case B, minimum charge)",
    input: { distanceMiles: 2, vanSize: "small", moveDate: "2027-03-04", pickupAddress: "Newcastle NE1 6EE", deliveryAddress: "Newcastle NE2 2AL" },
  },
  {
    title: "Central London on a Saturday evening, luton, express, 45 items",
    input: {
      distanceMiles: 5.4,
      vanSize: "large",
      helpers: 1,
      urgency: "express",
      floorAccessPickup: "thirdFloorPlus",
      floorAccessDelivery: "secondFloor",
      liftAvailablePickup: true,
      liftAvailableDelivery: true,
      moveDate: "2027-03-06",
      moveTime: "18:30",
      pickupAddress: "10 Gresham Street, London EC2V 7JD",
      deliveryAddress: "88 Clapham High Street, London SW4 7UL",
      items: [{ name: "Boxes", quantity: 40 }, { name: "Sofa", quantity: 2 }, { name: "Wardrobe", quantity: 3 }],
    },
  },
];
