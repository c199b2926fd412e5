"use client";

import { useState } from "react";
import { useLinkSessionToPlan, useProposeTree } from "@/components/api/plans-api.ts";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox, Select } from "@/components/ui/FormFields.tsx";
import type { DesignTree } from "@/lib/design/types.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";

/**
 * Option C: Claude proposes a tree from the plan and, optionally, a conversation's summary. The
 * proposal is only loaded into the editor; a conversation used for it can be linked to the plan
 * so its next prompts carry the plan.
 */
export function ProposeSource(props: {
  repoId: string;
  planId: string;
  worktrees: WorktreeScan[];
  onLoaded: (tree: DesignTree, note: string) => void;
}) {
  const sessions = useRepoActivity(props.repoId);
  const propose = useProposeTree();
  const link = useLinkSessionToPlan();
  const [sessionId, setSessionId] = useState("");
  const [isLinkWanted, setLinkWanted] = useState(true);
  const branchOf = new Map(props.worktrees.map((worktree) => [worktree.path, worktree.branch]));

  const run = () => {
    propose.mutate(
      { planId: props.planId, sessionId: sessionId || null },
      {
        onSuccess: (tree) => {
          if (sessionId && isLinkWanted) link.mutate({ sessionId, planId: props.planId });
          props.onLoaded(
            tree,
            `Claude's proposal (${tree.nodes.length} nodes) is loaded into the editor. Review and change it; nothing is saved until you save.`,
          );
        },
      },
    );
  };

  return (
    <div className="max-w-xl space-y-3" data-testid="propose-source">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Claude reads the plan (title, goal, body) and, if you pick one, the summary of a conversation, then proposes
        tasks as a tree.
      </p>
      <label className="block text-xs font-medium">
        Conversation (optional)
        <Select
          data-testid="propose-session"
          value={sessionId}
          onChange={(event) => setSessionId(event.target.value)}
          className="mt-1 w-full"
        >
          <option value="">None: the plan only</option>
          {(sessions.data ?? []).map((session) => (
            <option key={session.sessionId} value={session.sessionId}>
              {branchOf.get(session.worktreePath) ?? "detached"} — {session.worktreePath}
            </option>
          ))}
        </Select>
      </label>
      {sessionId ? (
        <label className="flex items-center gap-2 text-xs">
          <Checkbox
            data-testid="propose-link"
            checked={isLinkWanted}
            onChange={(event) => setLinkWanted(event.target.checked)}
          />
          Link this conversation to the plan, so its prompts include it
        </label>
      ) : null}
      <Button variant="primary" size="lg" data-testid="propose-run" disabled={propose.isPending} onClick={run}>
        {propose.isPending ? "Claude is proposing a tree…" : "Ask Claude for a tree"}
      </Button>
      {propose.error ? <ErrorNotice error={propose.error} testId="propose-error" /> : null}
      {link.error ? <ErrorNotice error={link.error} testId="propose-link-error" /> : null}
    </div>
  );
}
