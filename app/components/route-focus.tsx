// After a client-side navigation to another page, focus goes where a full page load would
// let a screen reader start: the new page's h1 (or <main> without one), or the element its
// #fragment names; and the page's title is announced. A page that opens with a dialog (the
// checkout's sign-in) keeps the focus in its dialog. Changes within a page (a filter, a
// result) leave focus to the page.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useAnnounce } from "./ui/announcer";

function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

export function RouteFocus() {
  const location = useLocation();
  const announce = useAnnounce();
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    if (location.pathname === lastPath.current) return;
    lastPath.current = location.pathname;
    announce(document.title);
    if (document.querySelector("dialog[open]")) return;
    const named = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const target = named ?? document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (target) focusQuietly(target);
  }, [location.pathname, location.hash, announce]);

  return null;
}
