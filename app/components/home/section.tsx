import type { ReactNode } from "react";

/** A home page section: an anchor the header's Features menu links to, with its h2. */
export function HomeSection({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-20 py-16 ${className}`}>
      <div className="mx-auto max-w-7xl px-4">
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Every "Get Your Quote" on the home page goes to the hero's quote form. */
export function QuoteLink({
  className = "",
  children = "Get Your Quote",
}: {
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a
      href="#quote"
      className={`inline-block rounded-md bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800 ${className}`}
    >
      {children}
    </a>
  );
}
