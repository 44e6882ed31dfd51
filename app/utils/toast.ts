/** at most 3 toasts at once, 5000 ms by default. */
export const MAX_TOASTS = 3;
export const DEFAULT_TOAST_DURATION_MS = 5000;

type ToastVariant = "default" | "success" | "error";

export type Toast = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
};

export type ToastInput = Omit<Toast, "id" | "variant" | "durationMs"> & Partial<Pick<Toast, "variant" | "durationMs">>;

/** A toast swiped sideways this far (px) is dismissed; less snaps back. */
const SWIPE_THRESHOLD_PX = 50;

/**
 * The one stack: toasts from the session and from the page join it in arrival order, each
 * once, and only the newest MAX_TOASTS stay.
 */
export function addToStack(current: Toast[], incoming: Toast[]): Toast[] {
  const known = new Set(current.map((toast) => toast.id));
  return [...current, ...incoming.filter((toast) => !known.has(toast.id))].slice(-MAX_TOASTS);
}

export function swipeDismisses(deltaX: number) {
  return Math.abs(deltaX) >= SWIPE_THRESHOLD_PX;
}

let pageToastCount = 0;

/** A toast raised by page code (ids need not be secret, only unique in this tab). */
export function pageToast(input: ToastInput): Toast {
  pageToastCount += 1;
  return {
    variant: "default",
    durationMs: DEFAULT_TOAST_DURATION_MS,
    ...input,
    id: `page-${Date.now()}-${pageToastCount}`,
  };
}
