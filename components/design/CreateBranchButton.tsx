"use client";

import { useCreateNodeBranch } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { newSetupId } from "@/components/worktrees/SetupLiveOutput.tsx";

/**
 * "Create branch and worktree" for a planned node; the dashboard and worktree list rescan afterwards.
 * The branch starts from the design parent's branch, so while that does not exist the button
 * waits for it and says so (the node's warning says the same). The repository's setup runs as for
 * "New worktree…": its command's output shows on the node's card while it runs, with Stop setup, and
 * what of it needs the user afterwards (NodeSetupNotice).
 */
export function CreateBranchButton(props: {
  repoId: string;
  planId: string;
  slug: string;
  waitsForNode: string | null;
}) {
  const create = useCreateNodeBranch({ repoId: props.repoId, planId: props.planId });
  const start = () => create.mutate({ slug: props.slug, setupId: newSetupId() });
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2">
      <Button data-testid="create-branch" disabled={create.isPending || props.waitsForNode !== null} onClick={start}>
        {create.isPending ? "Creating…" : "Create branch and worktree"}
      </Button>
      {props.waitsForNode !== null ? (
        <span className="text-[11px] text-zinc-500" data-testid="create-branch-waits">
          Create the branch of &ldquo;{props.waitsForNode}&rdquo; first.
        </span>
      ) : null}
      {create.error ? <ErrorNotice error={create.error} testId="create-branch-error" /> : null}
    </div>
  );
}
