"use client";

import { useSaveTree } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import { checkDraft } from "./check-draft.ts";
import { draftToTree, type Draft } from "./draft-tree.ts";
import { TreePreview } from "./TreePreview.tsx";
import { WizardFooter } from "./WizardFooter.tsx";

/** Step 3: the tree as it will be saved; saving replaces the plan's whole tree at once. */
export function WizardReviewStep(props: {
  repoId: string;
  plan: PlanView;
  draft: Draft;
  rule: string;
  onBack: () => void;
  onSaved: (planId: string) => void;
}) {
  const save = useSaveTree(props.repoId);
  const tree = draftToTree(props.draft);
  const problem = checkDraft(props.draft);
  const rootCount = tree.nodes.length - tree.edges.length;
  const submit = () =>
    save.mutate(
      { planId: props.plan.id, tree, baseVersion: props.plan.treeVersion },
      { onSuccess: () => props.onSaved(props.plan.id) },
    );
  return (
    <div className="max-w-2xl space-y-4" data-testid="wizard-review">
      <p className="text-sm">
        <span className="font-medium">{props.plan.title}</span>: {tree.nodes.length} tasks, {rootCount} starting from
        the default branch.
        {props.plan.tree ? ` This replaces the saved tree (version ${props.plan.treeVersion ?? 1}).` : ""}
      </p>
      <p className="text-xs text-zinc-500">
        Saving creates no branch: the dashboard then shows which tasks have one, and offers to create the others.
      </p>
      <TreePreview draft={props.draft} rule={props.rule} invalidKeys={new Set(problem?.keys ?? [])} />
      {problem ? <ErrorNotice error={new Error(problem.message)} testId="tree-error" /> : null}
      {save.error ? <ErrorNotice error={save.error} testId="wizard-save-error" /> : null}
      <WizardFooter onBack={props.onBack}>
        <Button
          variant="primary"
          size="lg"
          data-testid="wizard-save"
          disabled={problem !== null || save.isPending}
          onClick={submit}
        >
          {save.isPending ? "Saving…" : "Save the tree"}
        </Button>
      </WizardFooter>
    </div>
  );
}
