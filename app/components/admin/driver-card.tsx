// A driver's application as the admin vets it: details, documents, and Approve / Decline
// (a fetcher with JavaScript, a plain post without; both post to /admin/drivers).
import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ADMIN_DRIVER_MESSAGES } from "~/schemas/admin-drivers-messages";
import type { AdminDriverCard } from "~/views/admin";

const BADGE: Record<AdminDriverCard["status"], string> = {
  pending: "bg-yellow-100 text-yellow-900",
  approved: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
};

export function DriverCardView({ driver }: { driver: AdminDriverCard }) {
  const fetcher = useFetcher<{ ok: boolean }>();

  const busy = fetcher.state !== "idle";
  const pressed = busy ? fetcher.formData?.get("status") : null;
  const headingId = `driver-${driver.id}-name`;
  const details = [
    ["Email", driver.email],
    ["Phone", driver.phone],
    ["Experience", driver.experience],
    ["Van Type", driver.vanType],
    ["Location", driver.location],
    ["Rating", driver.rating],
    ["Completed Jobs", String(driver.completedJobs)],
    ["On Time", driver.onTime],
    ["Dropped Jobs", String(driver.droppedJobs)],
    ["Dropped, Last 7 Days", driver.droppedLately],
    ["Availability", driver.dispatch],
    ["Balance", driver.balance],
  ] as const;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="driver-card"
      data-driver-id={driver.id}
      className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {driver.name}
          </h2>
          <p className="text-sm text-slate-600">
            Applied on <time dateTime={driver.appliedAt}>{driver.appliedOn}</time>
          </p>
        </div>
        <span
          data-testid="driver-status"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE[driver.status]}`}
        >
          {driver.status}
        </span>
      </header>

      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd
              className="min-w-0 [overflow-wrap:anywhere] text-slate-900"
              data-testid={`driver-${label.toLowerCase().replace(/\s+/g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-slate-800">Documents</h3>
        {driver.documents.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="driver-documents">
            {driver.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={document.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-blue-700 hover:underline"
                >
                  {document.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No documents attached</p>
        )}
      </div>

      {driver.status === "declined" ? (
        <p className="mt-4 text-sm font-medium text-red-800">{ADMIN_DRIVER_MESSAGES.declinedNote}</p>
      ) : null}

      <fetcher.Form method="post" className="mt-4 flex flex-wrap gap-2" aria-label={`Decision on ${driver.name}`}>
        <input type="hidden" name="driverId" value={driver.id} />
        <Button
          type="submit"
          name="status"
          value="approved"
          disabled={busy || driver.status === "approved"}
          aria-busy={pressed === "approved" || undefined}
          className="bg-green-700 hover:bg-green-800 disabled:bg-green-300"
        >
          {pressed === "approved" ? "Approving…" : "Approve"}
        </Button>
        <Button
          type="submit"
          name="status"
          value="declined"
          disabled={busy || driver.status === "declined"}
          aria-busy={pressed === "declined" || undefined}
          className="bg-red-700 hover:bg-red-800 disabled:bg-red-300"
        >
          {pressed === "declined" ? "Declining…" : "Decline"}
        </Button>
      </fetcher.Form>
    </article>
  );
}
