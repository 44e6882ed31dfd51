import { describe, expect, it } from "vitest";
import { addToStack, pageToast, swipeDismisses, type Toast } from "~/utils/toast";

const toast = (id: string): Toast => ({ id, title: id, variant: "default", durationMs: 5000 });

describe("the toast stack", () => {
  it("keeps at most three, newest last, whichever source they come from", () => {
    const flashed = [toast("session-1"), toast("session-2")];
    const stack = addToStack(addToStack([], flashed), [
      pageToast({ title: "From the page" }),
      pageToast({ title: "And another" }),
    ]);
    expect(stack.map((item) => item.title)).toEqual(["session-2", "From the page", "And another"]);
  });

  it("adds a toast it already shows only once", () => {
    const stack = addToStack([toast("a")], [toast("a"), toast("b")]);
    expect(stack.map((item) => item.id)).toEqual(["a", "b"]);
  });

  it("gives page toasts unique ids and the default duration", () => {
    const first = pageToast({ title: "One" });
    const second = pageToast({ title: "Two", variant: "error" });
    expect(first.id).not.toBe(second.id);
    expect(first).toMatchObject({ variant: "default", durationMs: 5000 });
    expect(second.variant).toBe("error");
  });

  it("dismisses on a sideways swipe of 50 px or more, either way", () => {
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(-49.5)).toBe(false);
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(-120)).toBe(true);
  });
});
