"use client";

import { useCreateNodeBranch } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/** "Create branch and worktree" for a planned node; the dashboard and worktree list rescan afterwards. */
export function CreateBranchButton(props: { repoId: string; planId: string; slug: string }) {
  const create = useCreateNodeBranch({ repoId: props.repoId, planId: props.planId });
  return (
    <div className="mt-1.5 space-y-1.5">
      <Button data-testid="create-branch" disabled={create.isPending} onClick={() => create.mutate(props.slug)}>
        {create.isPending ? "Creating…" : "Create branch and worktree"}
      </Button>
      {create.error ? <ErrorNotice error={create.error} testId="create-branch-error" /> : null}
    </div>
  );
}
