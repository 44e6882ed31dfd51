import { Link } from "@remix-run/react";

const LOOKS = {
  /** Beside a list page's heading. */
  button:
    "rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50",
  /** Above a settings page's heading. */
  link: "text-sm font-medium text-blue-700 hover:underline",
  /** In a page's error box. */
  error: "inline-block rounded-md border border-red-300 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-100",
} as const;

/** The way back from every admin page ("Back to Dashboard"). */
export function BackToDashboard({ look = "button" }: { look?: keyof typeof LOOKS }) {
  return (
    <Link to="/admin/dashboard" className={LOOKS[look]}>
      {look === "link" ? "← Back to Dashboard" : "Back to Dashboard"}
    </Link>
  );
}
