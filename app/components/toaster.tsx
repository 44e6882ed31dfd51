// The toast stack. An action's toast comes from the root loader
// (server/platform/toast.server.ts: answerWithToast) and renders with the page, so it shows
// without JavaScript, and a CSS animation hides it after its duration. With JavaScript, page
// code adds toasts of its own (a browser-side event) with useToast(); both kinds share one
// stack of at most three, each toast keeps its own timer (paused while hovered or focused; an
// error stays until dismissed), and a sideways swipe of 50 px dismisses one. Toasts never
// take focus; their region is in the page from the first render, so they are announced.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { addToStack, pageToast, swipeDismisses, type Toast, type ToastInput } from "~/utils/toast";

const VARIANT_CLASSES: Record<Toast["variant"], string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

type ToastApi = { show: (toast: ToastInput) => void; add: (toasts: Toast[]) => void };

const ToastContext = createContext<ToastApi>({ show: () => {}, add: () => {} });

/** Shows a toast from page code, for what happens in the browser (an action's toast comes from the root loader). */
export function useToast() {
  return useContext(ToastContext).show;
}

/** Holds the stack for the whole document; `flashed` are the session's toasts of this load. */
export function ToastProvider({ flashed, children }: { flashed: Toast[]; children: ReactNode }) {
  const [stack, setStack] = useState<Toast[]>(() => addToStack([], flashed));

  // Toasts flashed by a later navigation or action join the ones still showing.
  useEffect(() => {
    if (flashed.length > 0) setStack((current) => addToStack(current, flashed));
  }, [flashed]);

  const api = useMemo<ToastApi>(
    () => ({
      show: (input) => setStack((current) => addToStack(current, [pageToast(input)])),
      add: (toasts) => setStack((current) => addToStack(current, toasts)),
    }),
    [],
  );
  const dismiss = useCallback((id: string) => setStack((current) => current.filter((toast) => toast.id !== id)), []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastList toasts={stack} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-full max-w-sm flex-col gap-2 px-4 sm:px-0"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const hydrated = useHydrated();
  const [offsetX, setOffsetX] = useState(0);
  const swipeStart = useRef<{ pointerId: number; x: number } | null>(null);
  // The fade-out waits the toast's duration: the stylesheet's default without JavaScript (the
  // CSP allows no style attribute in the page), this toast's own once JavaScript runs.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (card.current) card.current.style.animationDelay = `${toast.durationMs}ms`;
  }, [toast.durationMs]);

  // Its own timer: dismissing another toast does not restart it, and it waits while the
  // toast is hovered or focused (WCAG 2.2.1). An error stays until it is dismissed.
  const sticky = toast.variant === "error";
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  useEffect(() => {
    if (sticky || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast.id, sticky, paused, onDismiss]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("button")) return;
    swipeStart.current = { pointerId: event.pointerId, x: event.clientX };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current?.pointerId === event.pointerId) setOffsetX(event.clientX - swipeStart.current.x);
  }
  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current?.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - swipeStart.current.x;
    swipeStart.current = null;
    if (swipeDismisses(deltaX)) onDismiss(toast.id);
    else setOffsetX(0);
  }

  return (
    <div
      role={toast.variant === "error" ? "alert" : "status"}
      data-testid="toast"
      data-variant={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`toast pointer-events-auto touch-pan-y select-none rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
      ref={card}
      style={{
        transform: offsetX ? `translateX(${offsetX}px)` : undefined,
        opacity: offsetX ? Math.max(0.3, 1 - Math.abs(offsetX) / 200) : undefined,
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        swipeStart.current = null;
        setOffsetX(0);
      }}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}
