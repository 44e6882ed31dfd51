// Flashed toasts. Without JavaScript they render with the page and a CSS animation hides
// them after their duration; with it, new ones arrive after each action and can be dismissed.
import { useEffect, useState } from "react";
import { MAX_TOASTS, type Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const VARIANT_CLASSES: Record<Toast["variant"], string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export function Toaster({ toasts }: { toasts: Toast[] }) {
  const [visible, setVisible] = useState<Toast[]>(toasts);
  const hydrated = useHydrated();

  // Toasts from a new navigation join the ones still showing, newest last, at most three.
  useEffect(() => {
    if (toasts.length === 0) return;
    setVisible((current) => {
      const known = new Set(current.map((toast) => toast.id));
      return [...current, ...toasts.filter((toast) => !known.has(toast.id))].slice(-MAX_TOASTS);
    });
  }, [toasts]);

  useEffect(() => {
    if (!hydrated || visible.length === 0) return;
    const timers = visible.map((toast) =>
      setTimeout(() => setVisible((current) => current.filter((t) => t.id !== toast.id)), toast.durationMs),
    );
    return () => timers.forEach(clearTimeout);
  }, [hydrated, visible]);

  return (
    <section aria-label="Notifications" aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-full max-w-sm flex-col gap-2 px-4 sm:px-0">
      {visible.map((toast) => (
        <div
          key={toast.id}
          role={toast.variant === "error" ? "alert" : "status"}
          data-testid="toast"
          className={`toast pointer-events-auto rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
          style={{ animationDelay: `${toast.durationMs}ms` }}
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
                onClick={() => setVisible((current) => current.filter((t) => t.id !== toast.id))}
              >
                ×
              </button>
            ) : null}
          </div>
        </div>
      ))}
    </section>
  );
}
