// One polite live region for the whole document, in the page from the first render (a region
// added later is often not read out): results, route changes and live updates are announced
// through it with useAnnounce(). Toasts have their own region in the toaster.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce>(() => {});

/** Says `message` to a screen reader, politely (after what it is reading). */
export function useAnnounce() {
  return useContext(AnnounceContext);
}

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const timer = useRef<number>();
  const announce = useCallback<Announce>((next) => {
    // Emptied first, so the same words twice are read twice.
    setMessage("");
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(next), 50);
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

/**
 * For content that a submit brings in place of what was there (a quote result): when it
 * arrives in the browser (not with the page's first load), focus moves to its heading and
 * `message` is announced. Returns the ref for the heading, which needs tabIndex -1.
 */
export function useArrivalFocus<T extends HTMLElement>(message: string) {
  const ref = useRef<T>(null);
  const announce = useAnnounce();
  // True on the first render only when this mounted after the page had loaded.
  const arrivedLater = useRef(useHydrated());
  useEffect(() => {
    if (!arrivedLater.current) return;
    arrivedLater.current = false;
    ref.current?.focus();
    announce(message);
  }, [announce, message]);
  return ref;
}

/** Announces `message` whenever `key` changes after the first render: a live update arrived. */
export function useAnnounceChange(key: unknown, message: string | null) {
  const announce = useAnnounce();
  const last = useRef(key);
  useEffect(() => {
    if (Object.is(last.current, key)) return;
    last.current = key;
    if (message) announce(message);
  }, [key, message, announce]);
}
