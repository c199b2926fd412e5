"use client";

import { useCallback } from "react";
import { useStoredText, writeStored } from "@/components/chat/use-stored-flag.ts";

/** The panels that open beside a worktree's chat; one at a time. */
export type SidePanel = "changes" | "checks" | "timeline";

const PANELS: readonly SidePanel[] = ["changes", "checks", "timeline"];

/** localStorage key of the panel open beside one worktree's chat. */
function panelKey(worktree: { repoId: string; worktreePath: string }): string {
  return `arbor.chat.panel:${worktree.repoId}:${worktree.worktreePath}`;
}

/**
 * The side panel open beside a worktree's chat: kept per worktree (so a reload finds it, and another
 * worktree opens without it), one at a time.
 */
export function useSidePanel(worktree: {
  repoId: string;
  worktreePath: string;
}): [SidePanel | null, (next: SidePanel | null) => void] {
  const [stored, setStored] = useStoredText(panelKey(worktree));
  const panel = PANELS.find((candidate) => candidate === stored) ?? null;
  const setPanel = useCallback((next: SidePanel | null) => setStored(next), [setStored]);
  return [panel, setPanel];
}

/** Opens a panel beside a worktree's chat before it is shown (What needs you → its failing checks). */
export function openSidePanel(worktree: { repoId: string; worktreePath: string }, panel: SidePanel): void {
  writeStored(panelKey(worktree), panel);
}
