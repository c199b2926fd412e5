"use client";

import { useCreateNodeBranch, useStartNodeTask } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { newSetupId } from "@/components/worktrees/SetupLiveOutput.tsx";

/**
 * "Start agent" and "Create branch and worktree" for a planned node. Start agent also opens the
 * node's conversation, sends its first message (the node, the plan's goal, the parent it builds on)
 * and opens the chat. The branch starts from the design parent's branch, so while that does not
 * exist the buttons wait for it and say so. The repository's setup runs as for "New worktree…": its
 * output shows on the node's card while it runs, and what needs the user after (NodeSetupNotice).
 */
export function CreateBranchButton(props: {
  repoId: string;
  planId: string;
  slug: string;
  waitsForNode: string | null;
  onStarted: (worktreePath: string) => void;
}) {
  const create = useCreateNodeBranch({ repoId: props.repoId, planId: props.planId });
  const startAgent = useStartNodeTask({
    repoId: props.repoId,
    planId: props.planId,
    onStarted: (task) => props.onStarted(task.worktreePath),
  });
  const isBusy = create.isPending || startAgent.isPending || props.waitsForNode !== null;
  const error = create.error ?? startAgent.error;
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2">
      <Button
        variant="primary"
        data-testid="start-node"
        disabled={isBusy}
        title="Create its branch and worktree, then send Claude the node as its first message"
        onClick={() => startAgent.mutate({ slug: props.slug, setupId: newSetupId() })}
      >
        {startAgent.isPending ? "Starting…" : "Start agent"}
      </Button>
      <Button
        data-testid="create-branch"
        disabled={isBusy}
        onClick={() => create.mutate({ slug: props.slug, setupId: newSetupId() })}
      >
        {create.isPending ? "Creating…" : "Create branch and worktree"}
      </Button>
      {props.waitsForNode !== null ? (
        <span className="text-[11px] text-zinc-500" data-testid="create-branch-waits">
          Create the branch of &ldquo;{props.waitsForNode}&rdquo; first.
        </span>
      ) : null}
      {error ? <ErrorNotice error={error} testId="create-branch-error" /> : null}
    </div>
  );
}
