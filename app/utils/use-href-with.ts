import { useLocation } from "@remix-run/react";

/** The current URL with some query parameters changed (null removes one). */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return params.size > 0 ? `${location.pathname}?${params}` : location.pathname;
  };
}
