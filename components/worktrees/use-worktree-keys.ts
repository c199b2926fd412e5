"use client";

import { useEffect, type KeyboardEvent, type RefObject } from "react";
import { isTypingTarget } from "@/components/ui/is-typing-target.ts";
import { listStep } from "@/components/ui/list-keys.ts";
import { stepWorktree } from "./worktree-keys.ts";

const OPEN_BUTTON = '[data-testid="worktree-open"]:not(:disabled)';

/**
 * Moving between worktrees by key: inside the list, j/k or ↑/↓ move the focus from one worktree to
 * the next (Enter opens it); anywhere outside a text field, Alt+↓ and Alt+↑ open the next or previous
 * worktree's chat. `paths` holds null for a worktree that cannot be opened.
 */
export function useWorktreeKeys(input: {
  listRef: RefObject<HTMLUListElement | null>;
  paths: readonly (string | null)[];
  selectedPath: string | null;
  onOpenPath: (path: string) => void;
}): { onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void } {
  const { paths, selectedPath, onOpenPath } = input;
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
      if (step === 0 || isTypingTarget(event.target) || document.querySelector("dialog[open]")) return;
      const next = stepWorktree({ paths, current: selectedPath, step });
      if (next === null || next === selectedPath) return;
      event.preventDefault();
      onOpenPath(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [paths, selectedPath, onOpenPath]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    const step = listStep(event.key);
    if (step === 0) return;
    const buttons = [...(input.listRef.current?.querySelectorAll<HTMLElement>(OPEN_BUTTON) ?? [])];
    if (buttons.length === 0) return;
    const row = (event.target as HTMLElement).closest('[data-testid="worktree-row"]');
    const at = buttons.findIndex((button) => row?.contains(button));
    const next = at === -1 ? 0 : Math.min(buttons.length - 1, Math.max(0, at + step));
    event.preventDefault();
    buttons[next]?.focus();
  };
  return { onKeyDown };
}
