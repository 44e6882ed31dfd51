import { Link } from "@remix-run/react";

export function Logo({ brandName }: { brandName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-lg text-slate-900" aria-label={`${brandName} home`}>
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M6 19h13v-8h4l3 4v4h-2" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="11" cy="21" r="2.2" fill="#fff" />
        <circle cx="22" cy="21" r="2.2" fill="#fff" />
      </svg>
      <span>{brandName}</span>
    </Link>
  );
}
