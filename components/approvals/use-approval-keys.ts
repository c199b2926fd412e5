"use client";

import { useEffect, useRef } from "react";
import { isTypingTarget } from "@/components/ui/is-typing-target.ts";

/** Single-key shortcuts of the active approval card, e.g. { a: allowOnce, d: openDeny }. */
export type ApprovalKeyMap = Partial<Record<"a" | "d", () => void>>;

/**
 * While `isActive`, a plain key press anywhere on the page (not typed into a field, no modifier,
 * no dialog open) runs the card's shortcut: the first waiting card of the open chat answers to
 * `a` and `d` without being clicked first.
 */
export function useApprovalKeys(input: { isActive: boolean; keys: ApprovalKeyMap }): void {
  const keys = useRef(input.keys);
  useEffect(() => {
    keys.current = input.keys;
  });
  useEffect(() => {
    if (!input.isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target) || document.querySelector("dialog[open]")) return;
      const action = keys.current[event.key.toLowerCase() as "a" | "d"];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [input.isActive]);
}
