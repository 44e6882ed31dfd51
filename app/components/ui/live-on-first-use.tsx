// A part of the page sent as HTML and made live when it is first used: the home page's quote
// form, whose code (~8 KB gzipped) a visitor who only reads the page never needs. The server
// renders the part as usual; the browser keeps that HTML (not hydrated, as ServerHtml does)
// until the pointer comes near it, it takes the focus, or a form in it is sent. The code is
// then loaded and the live part replaces the HTML in one step: what was typed, the ticks, the
// focus and the caret are carried over, and a submit made before is made again. Without
// JavaScript the HTML is the form, posting as ever.
//
// A caller passes the server's rendering as `import.meta.env.SSR ? <Part {...props} /> : null`,
// so the browser build has the part only behind `load`.
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { flushSync } from "react-dom";

const EMPTY = { __html: "" };
const GO_LIVE_EVENTS = ["pointerenter", "pointerdown", "focusin", "touchstart"] as const;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Changed = { key: string; value: string; checked: boolean; selected: string[]; files: FileList | null };

/** The state a visitor gave the controls that differs from what the server sent, by form control. */
function changedControls(root: HTMLElement) {
  const changed: Changed[] = [];
  const seen = new Map<string, number>();
  for (const control of root.querySelectorAll<Control>("input, select, textarea")) {
    const key = controlKey(control, seen);
    const entry = { key, value: control.value, checked: false, selected: [] as string[], files: null };
    if (control instanceof HTMLSelectElement) {
      const options = [...control.options];
      if (options.some((option) => option.selected !== option.defaultSelected))
        changed.push({ ...entry, selected: options.filter((option) => option.selected).map((option) => option.value) });
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.checked !== control.defaultChecked) changed.push({ ...entry, checked: control.checked });
    } else if (control instanceof HTMLInputElement && control.type === "file") {
      if (control.files && control.files.length > 0) changed.push({ ...entry, files: control.files });
    } else if (control.type !== "hidden" && control.value !== control.defaultValue) {
      changed.push(entry);
    }
  }
  return changed;
}

/** A control's name, with its place among the controls of that name (radios, repeated rows). */
function controlKey(control: Control, seen: Map<string, number>) {
  const name = control.name || control.id;
  const index = seen.get(name) ?? 0;
  seen.set(name, index + 1);
  return `${name}#${index}`;
}

/**
 * Puts the visitor's state on the live controls, as if typed: through the elements' own
 * setters (so React sees a change) and with the events a visitor's typing fires, so the live
 * part's handlers (a button enabled once both addresses are in, conform's state) follow.
 */
function restoreControls(root: HTMLElement, changed: Changed[]) {
  if (changed.length === 0) return;
  const byKey = new Map(changed.map((entry) => [entry.key, entry]));
  const seen = new Map<string, number>();
  for (const control of root.querySelectorAll<Control>("input, select, textarea")) {
    const entry = byKey.get(controlKey(control, seen));
    if (!entry) continue;
    if (control instanceof HTMLSelectElement) {
      for (const option of control.options) option.selected = entry.selected.includes(option.value);
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      // A click sets the tick as React and conform expect it: the live control starts as the server's.
      if (control.checked !== entry.checked) control.click();
    } else if (control instanceof HTMLInputElement && control.type === "file") {
      control.files = entry.files;
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      const prototype =
        control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, entry.value);
      control.dispatchEvent(new Event("input", { bubbles: true }));
      control.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}

/**
 * Where the focus was, to be put back after the swap: by id, or (a button has none) by its place
 * among the part's elements, which the live part renders alike; with the caret of a text field.
 */
function focusIn(root: HTMLElement) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  let caret: { start: number | null; end: number | null } | null = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    try {
      caret = { start: active.selectionStart, end: active.selectionEnd };
    } catch {
      // a date or number field has no caret to read
    }
  }
  return { id: active.id, place: [...root.querySelectorAll("*")].indexOf(active), caret };
}

function restoreFocus(root: HTMLElement, focus: ReturnType<typeof focusIn>) {
  if (!focus) return;
  const element = (focus.id ? document.getElementById(focus.id) : null) ?? root.querySelectorAll("*")[focus.place];
  if (!(element instanceof HTMLElement)) return;
  element.focus({ preventScroll: true });
  if (
    focus.caret &&
    focus.caret.start !== null &&
    (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
  ) {
    try {
      element.setSelectionRange(focus.caret.start, focus.caret.end);
    } catch {
      // not a text field any more
    }
  }
}

export function LiveOnFirstUse<Props extends object>({
  name,
  load,
  props,
  eager = false,
  className,
  children,
}: {
  name: string;
  /** The live part's code. */
  load: () => Promise<ComponentType<Props>>;
  props: Props;
  /** Made live at once (the visitor is already using it: an answer to show, say); asked in the browser. */
  eager?: boolean | (() => boolean);
  className?: string;
  /** The server's rendering: `import.meta.env.SSR ? <Part {...props} /> : null`. */
  children: ReactNode;
}) {
  const [Live, setLive] = useState<{ Component: ComponentType<Props> } | null>(null);
  const held = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLDivElement>(null);
  const loadOnce = useRef(load);

  useEffect(() => {
    const element = held.current;
    if (!element || Live) return;
    let loading: Promise<void> | null = null;
    let pressing = false;
    let ready: ComponentType<Props> | null = null;
    let resubmit: Resubmit | null = null;
    let stopped = false;

    function swap() {
      if (stopped || !ready || pressing || !element) return;
      const Component = ready;
      const changed = changedControls(element);
      const focus = focusIn(element);
      flushSync(() => setLive({ Component }));
      if (!live.current) return;
      restoreControls(live.current, changed);
      restoreFocus(live.current, focus);
      if (resubmit) submitAgain(live.current, resubmit);
    }

    function goLive() {
      loading ??= loadOnce.current().then(
        (Component) => {
          ready = Component;
          swap();
        },
        () => {
          // The code did not arrive (offline, a new deploy): the HTML form still posts.
          loading = null;
        },
      );
    }

    // A press on a button of the HTML is left to end (its click, its submit) before the swap.
    const press = () => (pressing = true);
    const release = () =>
      setTimeout(() => {
        pressing = false;
        swap();
      }, 0);
    // A form sent before the code is here is sent again by the live form, with its checks. It is
    // found again by its place among the part's forms (a form may have no id), and its button
    // by its place among the form's buttons: the live part renders them alike.
    const submit = (event: Event) => {
      if (!(event.target instanceof HTMLFormElement)) return;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      resubmit = {
        form: [...element.querySelectorAll("form")].indexOf(event.target),
        button: submitter ? submitButtons(event.target).indexOf(submitter) : -1,
      };
      goLive();
    };

    // Reached by a client-side navigation: there is no server HTML to keep.
    if ((typeof eager === "function" ? eager() : eager) || element.childElementCount === 0) goLive();
    for (const type of GO_LIVE_EVENTS) element.addEventListener(type, goLive, { passive: true });
    element.addEventListener("pointerdown", press);
    element.addEventListener("pointerup", release);
    element.addEventListener("pointercancel", release);
    element.addEventListener("submit", submit);
    return () => {
      stopped = true;
      for (const type of GO_LIVE_EVENTS) element.removeEventListener(type, goLive);
      element.removeEventListener("pointerdown", press);
      element.removeEventListener("pointerup", release);
      element.removeEventListener("pointercancel", release);
      element.removeEventListener("submit", submit);
    };
  }, [Live, eager]);

  if (Live)
    return (
      <div key="live" ref={live} data-live={name} data-live-ready="" className={className}>
        <Live.Component {...props} />
      </div>
    );
  if (import.meta.env.SSR)
    return (
      <div data-live={name} className={className}>
        {children}
      </div>
    );
  return (
    // The server's HTML, kept as sent (the same empty __html on every render) until it goes live.
    <div
      key="held"
      ref={held}
      data-live={name}
      className={className}
      dangerouslySetInnerHTML={EMPTY}
      suppressHydrationWarning
    />
  );
}

/** A submit pressed on the server's HTML: its form's and its button's places (-1: no button). */
type Resubmit = { form: number; button: number };

const submitButtons = (form: HTMLFormElement) => [
  ...form.querySelectorAll<HTMLElement>("button:not([type]), button[type=submit], input[type=submit]"),
];

function submitAgain(root: HTMLElement, { form: formIndex, button: buttonIndex }: Resubmit) {
  const form = root.querySelectorAll("form")[formIndex];
  if (!(form instanceof HTMLFormElement)) return;
  const button = submitButtons(form)[buttonIndex];
  form.requestSubmit(button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button : undefined);
}
