// /driver/availability: where a driver starts from, how far they go, how many jobs a
// day they take, and the days they do not work. Bounds and defaults are the dispatch rules'.
import { z } from "zod";
import { isValidIsoDate, ukToday } from "~/domain/uk-calendar";

export const AVAILABILITY_MESSAGES = {
  basePostcode: "Enter your base postcode, like NE1 4ST or NE1",
  radius: "Enter a working radius from 5 to 100 miles",
  jobsPerDay: "Enter 1 to 5 jobs a day",
  day: "Choose a day, today or later",
  tooManyDays: "You can mark up to 60 days off; remove some first",
  tooManyChanges:
    "You have changed your availability many times in the last few minutes. Please wait a few minutes and try again.",
} as const;

/** The most days off kept at once. */
export const MAX_DAYS_OFF = 60;

/** A whole number typed in a box (a string), from min to max. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

export const availabilitySettingsSchema = z.object({
  intent: z.literal("save"),
  basePostcode: z
    .string({ required_error: AVAILABILITY_MESSAGES.basePostcode })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?$/, AVAILABILITY_MESSAGES.basePostcode),
  workingRadiusMiles: wholeNumber(5, 100, AVAILABILITY_MESSAGES.radius),
  jobsPerDay: wholeNumber(1, 5, AVAILABILITY_MESSAGES.jobsPerDay),
});

const day = z
  .string({ required_error: AVAILABILITY_MESSAGES.day })
  .refine(isValidIsoDate, AVAILABILITY_MESSAGES.day)
  .refine((date) => date >= ukToday(), AVAILABILITY_MESSAGES.day);

/** "Add a day off" and its "Remove" buttons: forms of their own, so they work without JavaScript. */
export const dayOffSchema = z.object({ intent: z.enum(["add-day", "remove-day"]), day });
