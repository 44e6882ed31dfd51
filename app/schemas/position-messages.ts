// The driver's "Share my position now" form: its limits and messages, with no zod in them.
export const PLACE_MAX = 100;

export const POSITION_MESSAGES = {
  placeRequired: "Type the postcode or town you are in, e.g. NE1 4ST.",
  placeTooLong: `Keep it to ${PLACE_MAX} characters or fewer.`,
  placeNotFound: "We could not find that place. Type a postcode, e.g. NE1 4ST.",
  invalidPoint: "That position could not be read.",
  notActive: "You can share your position only while a job is under way.",
  notYours: "That job is not assigned to you.",
  shared: "Position shared",
} as const;
