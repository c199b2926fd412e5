"use client";

import type { PullRequestView } from "@/lib/worktrees/ship-types.ts";
import { Badge } from "@/components/ui/Badge.tsx";

const TONE = { OPEN: "emerald", MERGED: "violet", CLOSED: "red" } as const;

/** A pull request's number and state ("PR #42 open", "draft", "merged"), linking to it on GitHub. */
export function PullRequestBadge({ pullRequest }: { pullRequest: PullRequestView }) {
  const state = pullRequest.isDraft && pullRequest.state === "OPEN" ? "draft" : pullRequest.state.toLowerCase();
  return (
    <a
      href={pullRequest.url}
      target="_blank"
      rel="noreferrer"
      data-testid="pr-badge"
      data-state={state}
      className="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
    >
      <Badge tone={pullRequest.isDraft && pullRequest.state === "OPEN" ? "zinc" : TONE[pullRequest.state]}>
        PR #{pullRequest.number} {state}
      </Badge>
    </a>
  );
}
