"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef, useState } from "react";
import { discardDraftPlan, keepDraftPlan, rememberDraftPlan } from "@/components/api/plans-api.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { reduceDraft } from "./draft-reducer.ts";
import { draftFromTree, EMPTY_DRAFT } from "./draft-tree.ts";
import { WizardBuildStep } from "./WizardBuildStep.tsx";
import { WizardPlanStep } from "./WizardPlanStep.tsx";
import { WizardReviewStep } from "./WizardReviewStep.tsx";
import { WizardSteps, type WizardStep } from "./WizardSteps.tsx";

/**
 * "Create design tree": 1. pick or create the plan, 2. build its tree (by hand, from a GitHub
 * issue, or from Claude's proposal, always ending in the editor), 3. review and save. Nothing is
 * stored before step 3 except a newly created plan, and that goes again when the wizard is left
 * without saving (Cancel, another view, or closing the tab). An existing tree opens in the editor.
 */
export function DesignWizard(props: {
  repoId: string;
  initialPlan: PlanView | null;
  rule: string;
  worktrees: WorktreeScan[];
  onClose: () => void;
  onSaved: (planId: string) => void;
}) {
  const [step, setStep] = useState<WizardStep>(props.initialPlan ? "build" : "plan");
  const [plan, setPlan] = useState<PlanView | null>(props.initialPlan);
  const [draft, dispatch] = useReducer(reduceDraft, props.initialPlan?.tree ?? null, (tree) =>
    tree ? draftFromTree(tree) : EMPTY_DRAFT,
  );

  const client = useQueryClient();
  const created = useRef(new Set<string>());
  const { repoId } = props;
  useEffect(() => {
    const discard = () => {
      for (const planId of created.current) discardDraftPlan(client, { repoId, planId });
      created.current.clear();
    };
    window.addEventListener("pagehide", discard);
    return () => {
      window.removeEventListener("pagehide", discard);
      discard();
    };
  }, [client, repoId]);

  const choosePlan = (chosen: PlanView) => {
    // Coming back to the same plan keeps the edits made so far.
    if (chosen.id !== plan?.id) dispatch({ type: "load", tree: chosen.tree ?? { nodes: [], edges: [] } });
    setPlan(chosen);
    setStep("build");
  };

  return (
    <section data-testid="design-wizard" data-step={step} className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">
            {props.initialPlan?.tree ? "Edit design tree" : "Create design tree"}
          </h2>
          <p className="truncate text-[11px] text-zinc-500">
            {plan ? `Plan: ${plan.title}` : "Each task becomes a branch; its parent is the branch it starts from."}
          </p>
        </div>
        <WizardSteps current={step} />
        <Button data-testid="wizard-cancel" onClick={props.onClose}>
          Cancel
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {step === "plan" ? (
          <WizardPlanStep
            repoId={props.repoId}
            selectedPlanId={plan?.id ?? null}
            onChoose={choosePlan}
            onCreated={(createdPlan) => {
              created.current.add(createdPlan.id);
              rememberDraftPlan({ repoId: props.repoId, planId: createdPlan.id });
            }}
          />
        ) : null}
        {step === "build" && plan ? (
          <WizardBuildStep
            repoId={props.repoId}
            plan={plan}
            draft={draft}
            dispatch={dispatch}
            rule={props.rule}
            worktrees={props.worktrees}
            onBack={() => setStep("plan")}
            onNext={() => setStep("review")}
          />
        ) : null}
        {step === "review" && plan ? (
          <WizardReviewStep
            repoId={props.repoId}
            plan={plan}
            draft={draft}
            rule={props.rule}
            onBack={() => setStep("build")}
            onSaved={(planId) => {
              // Saved: the plan made in step 1 stays (any other one made here and left behind still goes).
              created.current.delete(planId);
              keepDraftPlan(planId);
              props.onSaved(planId);
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
