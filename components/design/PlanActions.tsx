"use client";

import { useId, useState } from "react";
import { useDeletePlan, useUpdatePlan } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import { NewPlanFields, type NewPlanValues } from "./NewPlanFields.tsx";

/** "Edit plan…" (title, goal, body) and "Delete plan…" for the plan the dashboard shows. */
export function PlanActions(props: { repoId: string; plan: PlanView; onDeleted: () => void }) {
  return (
    <>
      <EditPlanButton repoId={props.repoId} plan={props.plan} />
      <DeletePlanButton repoId={props.repoId} plan={props.plan} onDeleted={props.onDeleted} />
    </>
  );
}

function EditPlanButton({ repoId, plan }: { repoId: string; plan: PlanView }) {
  const [values, setValues] = useState<NewPlanValues | null>(null);
  const update = useUpdatePlan(repoId);
  const headingId = useId();
  const close = () => setValues(null);
  const open = () => {
    update.reset();
    setValues({ title: plan.title, goal: plan.goal, bodyMarkdown: plan.bodyMarkdown });
  };
  return (
    <>
      <Button data-testid="edit-plan" onClick={open}>
        Edit plan…
      </Button>
      <Dialog isOpen={values !== null} onCancel={close} labelledBy={headingId} testId="edit-plan-dialog">
        {values ? (
          <form
            className="space-y-3 p-4"
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate({ planId: plan.id, baseVersion: plan.version, ...values }, { onSuccess: close });
            }}
          >
            <h2 id={headingId} className="text-sm font-semibold">
              Edit plan {plan.title}
            </h2>
            <NewPlanFields values={values} onChange={setValues} legend="Plan" />
            {update.error ? <ErrorNotice error={update.error} testId="edit-plan-error" /> : null}
            <div className="flex justify-end gap-2">
              <Button onClick={close}>Cancel</Button>
              <Button
                type="submit"
                variant="primary"
                disabled={values.title.trim() === "" || update.isPending}
                data-testid="edit-plan-save"
              >
                {update.isPending ? "Saving…" : "Save plan"}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </>
  );
}

function DeletePlanButton(props: { repoId: string; plan: PlanView; onDeleted: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeletePlan(props.repoId);
  const headingId = useId();
  const nodeCount = props.plan.tree?.nodes.length ?? 0;
  return (
    <>
      <Button
        data-testid="delete-plan"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete plan…
      </Button>
      <Dialog isOpen={isOpen} onCancel={() => setOpen(false)} labelledBy={headingId} testId="delete-plan-dialog">
        <div className="space-y-2 p-4 text-xs">
          <h2 id={headingId} className="text-sm font-semibold">
            Delete plan {props.plan.title}?
          </h2>
          <p>
            {nodeCount > 0
              ? `Its design tree (${nodeCount} ${nodeCount === 1 ? "task" : "tasks"}) goes with it. `
              : "It has no design tree yet. "}
            Branches and worktrees stay as they are in git; conversations linked to the plan keep every message.
          </p>
          {remove.error ? <ErrorNotice error={remove.error} testId="delete-plan-error" /> : null}
          <div className="flex justify-end gap-2 pt-1">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              data-testid="delete-plan-confirm"
              onClick={() =>
                remove.mutate(props.plan.id, {
                  onSuccess: () => {
                    setOpen(false);
                    props.onDeleted();
                  },
                })
              }
            >
              {remove.isPending ? "Deleting…" : "Delete plan"}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
