// Where an admin's form post returns to: an admin page of this site (a list with its filters, a
// booking's page), never another site; anything else is the form's own page.
export function adminReturnPath(returnTo: unknown, fallback: string) {
  return typeof returnTo === "string" &&
    /^\/admin\/[A-Za-z0-9/_?=&#.%@+-]*$/.test(returnTo) &&
    !returnTo.startsWith("//")
    ? returnTo
    : fallback;
}
