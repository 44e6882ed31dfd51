// A wide table's own scroller: on a narrow screen the table scrolls sideways inside it, never
// the page (WCAG 1.4.10), and the scroller is a labelled region that takes keyboard focus, so
// it can be scrolled with the arrow keys (2.1.1).
import type { ReactNode } from "react";

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className ?? ""}`}>
      {children}
    </div>
  );
}
