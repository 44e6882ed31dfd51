// Content that never changes once sent (the home page's sections, the footer): rendered on the
// server as HTML and left as it is by React in the browser, not hydrated, so the components
// that make it stay out of the page's JavaScript. A caller passes its content as
// `import.meta.env.SSR ? <Sections /> : null`: in the browser build that is `null`, and the
// bundler drops the sections' code.
//
// Links in it navigate in place, as a <Link> does. After a client-side navigation to the page
// there is no server HTML to keep: the part is taken from the page as the server sends it to an
// anonymous visitor (the shared render), by its `name`.
import { useNavigate, type NavigateFunction } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";

const EMPTY = { __html: "" };

/** A click on a link to this site, as a router <Link> handles it; everything else as the browser does. */
function followLinksInPlace(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest("a");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    // Another site's, or a #fragment (here or on another page: its target may be in a part sent
    // as HTML only, which a client-side navigation shows only once fetched): the browser's.
    if (url.origin !== window.location.origin || url.hash) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  };
}

export function ServerHtml({ name, className, children }: { name: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const island = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = island.current;
    // Hydrated: the server's HTML is here, kept.
    if (!element || element.childElementCount > 0) return;
    const controller = new AbortController();
    fetch(window.location.pathname, { credentials: "omit", signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ""))
      .then((html) => {
        const sent = new DOMParser().parseFromString(html, "text/html").querySelector(`[data-server-html="${name}"]`);
        if (sent) element.innerHTML = sent.innerHTML;
      })
      .catch(() => {
        // Left empty: the page still works, without this part, until it is loaded again.
      });
    return () => controller.abort();
  }, [name]);

  if (import.meta.env.SSR)
    return (
      <div data-server-html={name} className={className}>
        {children}
      </div>
    );
  return (
    // The server's HTML, not React's: React neither hydrates nor replaces it (the same empty
    // __html on every render), and a click on a link in it is a click on this element.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={island}
      data-server-html={name}
      className={className}
      onClick={followLinksInPlace(navigate)}
      dangerouslySetInnerHTML={EMPTY}
      suppressHydrationWarning
    />
  );
}
