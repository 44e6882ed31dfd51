/** The fields remix-utils' honeypot adds to the public forms (server/honeypot.server.ts). */
export const HONEYPOT_FIELDS = { nameFieldName: "name__confirm", validFromFieldName: "from__confirm" } as const;
