"use client";

import { Button } from "@/components/ui/Button.tsx";
import type { Pane } from "./layout-panes.ts";

/**
 * Below 1024 px not every column fits: this bar switches between them (below 768 px all three,
 * from 768 px the repositories and the worktrees share the left column beside the chat).
 */
export function PaneNav(props: { pane: Pane; hasRepo: boolean; mainLabel: string; onChange: (pane: Pane) => void }) {
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
      className="flex shrink-0 gap-2 border-b border-zinc-200 px-3 py-2 lg:hidden dark:border-zinc-800"
      data-testid="pane-nav"
    >
      {tab("repos", "Repositories")}
      {tab("worktrees", "Worktrees")}
      {tab("main", props.mainLabel, "md:hidden")}
    </nav>
  );
}
