// How a priced move maps onto the Quote and Booking tables, in one place (used by the
// quote service, the bookings and the demo seed).
import type { PriceResult } from "~/domain/pricing";
import type { Prisma } from "../../../generated/prisma/client";

/** The move as priced: the columns Quote and Booking share. */
export function moveColumns(price: PriceResult) {
  return {
    pickupAddress: price.pickupAddress,
    deliveryAddress: price.deliveryAddress,
    moveDate: new Date(`${price.moveDate}T00:00:00Z`),
    moveTime: price.moveTime,
    vanSize: price.vanSize,
    helpers: price.helpers,
    floorAccessPickup: price.floorAccessPickup,
    floorAccessDelivery: price.floorAccessDelivery,
    liftAvailablePickup: price.liftAvailablePickup,
    liftAvailableDelivery: price.liftAvailableDelivery,
    urgency: price.urgency,
    distanceTenths: price.distanceTenths,
    estimatedHours: price.estimatedHours,
  };
}

/** Every price line of docs/PRICING.md, in pence, as the Quote table keeps them. */
export function quotePriceColumns(price: PriceResult) {
  return {
    distanceCharge: price.distanceCharge,
    transportCharge: price.transportCharge,
    vanSizeMultiplierBp: price.vanMultiplierBp,
    helpersFee: price.helpersFee,
    floorAccessFee: price.floorAccessFee,
    congestionCharge: price.congestionCharge,
    urgencySurcharge: price.urgencySurcharge,
    peakTimeSurcharge: price.peakTimeSurcharge,
    minimumChargeAdjustment: price.minimumChargeAdjustment,
    subTotal: price.subTotal,
    platformFee: price.platformFee,
    driverShare: price.driverShare,
    vatAmount: price.vatAmount,
    totalWithVAT: price.totalWithVAT,
    declaredValue: price.declaredValue,
    coverFee: price.coverFee,
    explanation: price.explanation,
    breakdown: price.breakdownLines.map((line) => ({ ...line })) as Prisma.InputJsonValue,
  };
}

/** What a booking keeps of its price: the totals in pence and the lines as they were shown. */
export function bookingPriceColumns(price: PriceResult) {
  return {
    subTotal: price.subTotal,
    platformFee: price.platformFee,
    driverShare: price.driverShare,
    vatAmount: price.vatAmount,
    originalPrice: price.originalPrice,
    finalPrice: price.finalPrice,
    discountPercent: price.discountPercent > 0 ? price.discountPercent : null,
    declaredValue: price.declaredValue,
    coverFee: price.coverFee,
    breakdown: price.breakdownLines.map((line) => ({ ...line })) as Prisma.InputJsonValue,
  };
}
