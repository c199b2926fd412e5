"use client";

import { useState } from "react";
import { useCreatePlan, usePlans } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";
import { PLAN_TEMPLATE, type PlanView } from "@/lib/plans/plan-types.ts";
import { NewPlanFields, type NewPlanValues } from "./NewPlanFields.tsx";

/** Step 1: one of the repository's plans, or a new one from the template (created on "Next"). */
export function WizardPlanStep(props: {
  repoId: string;
  selectedPlanId: string | null;
  onChoose: (plan: PlanView) => void;
  /** A plan was created here: the wizard discards it if it is left without saving. */
  onCreated: (plan: PlanView) => void;
}) {
  const plans = usePlans(props.repoId);
  const createPlan = useCreatePlan(props.repoId);
  const [selectedId, setSelectedId] = useState(props.selectedPlanId ?? "");
  const [isNewWanted, setNewWanted] = useState(false);
  const [values, setValues] = useState<NewPlanValues>({
    title: "",
    goal: PLAN_TEMPLATE.goal,
    bodyMarkdown: PLAN_TEMPLATE.bodyMarkdown,
  });
  const hasPlans = (plans.data?.length ?? 0) > 0;
  const isNew = isNewWanted || (plans.isSuccess && !hasPlans);
  const selected = plans.data?.find((plan) => plan.id === selectedId) ?? null;
  const canGoOn = isNew ? values.title.trim() !== "" && !createPlan.isPending : selected !== null;

  const next = () => {
    if (!isNew) {
      if (selected) props.onChoose(selected);
      return;
    }
    createPlan.mutate(
      { title: values.title.trim(), goal: values.goal, bodyMarkdown: values.bodyMarkdown },
      {
        onSuccess: (plan) => {
          props.onCreated(plan);
          props.onChoose(plan);
        },
      },
    );
  };

  return (
    <div className="max-w-2xl space-y-4" data-testid="wizard-plan-step">
      {plans.error ? <ErrorNotice error={plans.error} /> : null}
      {hasPlans ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 text-xs font-medium">
            Plan
            <Select
              data-testid="wizard-plan-select"
              value={isNew ? "" : selectedId}
              onChange={(event) => {
                setSelectedId(event.target.value);
                setNewWanted(false);
              }}
              className="mt-1 w-full"
            >
              <option value="">Choose a plan…</option>
              {plans.data?.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.title}
                  {plan.tree ? ` (tree of ${plan.tree.nodes.length})` : ""}
                </option>
              ))}
            </Select>
          </label>
          <Button
            data-testid="wizard-new-plan"
            aria-pressed={isNew}
            isActive={isNew}
            onClick={() => setNewWanted(true)}
          >
            New plan from the template
          </Button>
        </div>
      ) : null}
      {isNew ? <NewPlanFields values={values} onChange={setValues} /> : null}
      {selected && !isNew && selected.tree ? (
        <p className="text-xs text-zinc-500">
          This plan already has a tree of {selected.tree.nodes.length} nodes; it opens in the editor.
        </p>
      ) : null}
      {createPlan.error ? <ErrorNotice error={createPlan.error} testId="wizard-plan-error" /> : null}
      <div className="flex justify-end">
        <Button variant="primary" size="lg" data-testid="wizard-next" disabled={!canGoOn} onClick={next}>
          {createPlan.isPending ? "Creating the plan…" : "Next"}
        </Button>
      </div>
    </div>
  );
}
