"use client";

import type { BranchProgress } from "@/lib/git/types.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { describeProgress } from "./progress-text.ts";

/** "↑3 ↓1 · +40 −2": a worktree's commits and lines against the default branch; nothing before any work. */
export function ProgressBadge(props: { base: string; counts: BranchProgress }) {
  const text = describeProgress(props.counts, props.base);
  if (!text) return null;
  return (
    <Badge tone="muted" data-testid="badge-progress" title={text.title}>
      <span className="font-mono" aria-hidden="true">
        {text.short}
      </span>
      <span className="sr-only">{text.title}</span>
    </Badge>
  );
}
