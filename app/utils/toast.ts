/** spec/01 section 9: at most 3 toasts at once, 5000 ms by default. */
export const MAX_TOASTS = 3;
export const DEFAULT_TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "success" | "error";

export type Toast = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
};

export type ToastInput = Omit<Toast, "id" | "variant" | "durationMs"> & Partial<Pick<Toast, "variant" | "durationMs">>;
