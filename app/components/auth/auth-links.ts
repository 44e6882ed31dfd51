// Where the sign-in and sign-up links lead, apart from the cards (the dialog links to them
// before their code has loaded).

/** "/signin?redirectTo=…" and friends; no query when there is nowhere to return to. */
export function withRedirectTo(path: string, redirectTo?: string) {
  return redirectTo && redirectTo !== "/" ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
