import { useEffect, useRef } from "react";

/**
 * Calls `onAnswer` once for each new answer a fetcher hears (to close a dialog, reset a form).
 * The answer's toast needs nothing here: the root loader shows it (answerWithToast).
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data?: T }, onAnswer: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    onAnswer(fetcher.data);
  });
}
