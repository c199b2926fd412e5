"use client";

import { Button } from "@/components/ui/Button.tsx";
import type { Pane } from "./layout-panes.ts";

/**
 * Below 1024 px not every column fits: this bar switches between them (below 768 px all three,
 * from 768 px the repositories and the worktrees share the left column beside the chat), and
 * opens the control room from wherever the user is.
 */
/** A touch target of 44 px, narrow enough that all four fit a 360 px phone. */
const TAB = "inline-flex min-h-11 shrink-0 items-center whitespace-nowrap";

export function PaneNav(props: {
  pane: Pane;
  hasRepo: boolean;
  mainLabel: string;
  onChange: (pane: Pane) => void;
  /** The control room, one tap from any pane; `needing`: agents waiting on the user or failed. */
  onOpenAttention: () => void;
  needing: number;
}) {
  const tab = (pane: Pane, label: string, className = "") => (
    <Button
      variant="secondary"
      size="md"
      isActive={props.pane === pane}
      aria-pressed={props.pane === pane}
      disabled={pane === "worktrees" && !props.hasRepo}
      onClick={() => props.onChange(pane)}
      data-testid={`pane-${pane}`}
      className={`${TAB} ${className}`}
    >
      {label}
    </Button>
  );
  const isAttentionShown = !props.hasRepo && props.pane === "main";
  return (
    <nav
      aria-label="Columns"
      className="flex shrink-0 gap-1.5 overflow-x-auto border-b border-zinc-200 px-2 py-2 lg:hidden dark:border-zinc-800"
      data-testid="pane-nav"
    >
      {tab("repos", "Repos")}
      {tab("worktrees", "Worktrees")}
      {/* With no repository chosen the main column is the control room itself: "Needs you" stands for it. */}
      {props.hasRepo ? tab("main", props.mainLabel, "md:hidden") : null}
      <Button
        variant="secondary"
        size="md"
        onClick={props.onOpenAttention}
        isActive={isAttentionShown}
        aria-pressed={isAttentionShown}
        data-testid="pane-attention"
        className={`${TAB} ml-auto gap-1.5`}
        aria-label={`What needs you${props.needing > 0 ? `: ${props.needing}` : ""}`}
      >
        Needs you
        {props.needing > 0 ? (
          <span className="rounded-full bg-amber-500 px-1.5 text-[11px] font-semibold leading-4 text-white dark:bg-amber-400 dark:text-zinc-950">
            {props.needing}
          </span>
        ) : null}
      </Button>
    </nav>
  );
}
