// A native modal <dialog> for "are you sure?" questions on admin screens (JavaScript only;
// without it, pages show the same question as a step of their own at a linkable URL).
// Escape and Cancel close it; focus stays inside while it is open.
import { useEffect, useId, useRef, type ReactNode } from "react";

export function ConfirmDialog({
  open,
  title,
  message,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={headingId}
      aria-describedby={messageId}
      data-testid="confirm-dialog"
      className="m-auto w-full max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/60"
      onClose={onClose}
    >
      {open ? (
        <>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <p id={messageId} className="mt-2 text-slate-700">
            {message}
          </p>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
