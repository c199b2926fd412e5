"use client";

import { Button } from "@/components/ui/Button.tsx";
import type { Pane } from "./layout-panes.ts";

/**
 * Below 1024 px not every column fits: this bar switches between them (below 768 px all three,
 * from 768 px the repositories and the worktrees share the left column beside the chat), and
 * opens the control room from wherever the user is.
 */
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
      size="lg"
      isActive={props.pane === pane}
      aria-pressed={props.pane === pane}
      disabled={pane === "worktrees" && !props.hasRepo}
      onClick={() => props.onChange(pane)}
      data-testid={`pane-${pane}`}
      className={className}
    >
      {label}
    </Button>
  );
  return (
    <nav
      aria-label="Columns"
      className="flex shrink-0 gap-1.5 overflow-x-auto border-b border-zinc-200 px-2 py-2 lg:hidden dark:border-zinc-800"
      data-testid="pane-nav"
    >
      {tab("repos", "Repositories")}
      {tab("worktrees", "Worktrees")}
      {tab("main", props.mainLabel, "md:hidden")}
      <Button
        variant="secondary"
        size="lg"
        onClick={props.onOpenAttention}
        data-testid="pane-attention"
        className="ml-auto whitespace-nowrap"
        aria-label={`What needs you${props.needing > 0 ? `: ${props.needing}` : ""}`}
      >
        Needs you{props.needing > 0 ? ` (${props.needing})` : ""}
      </Button>
    </nav>
  );
}
