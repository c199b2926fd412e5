"use client";

import { PLAN_CONTINUE_MODES } from "@/lib/approvals/approval-types.ts";
import { useRepoTrust } from "@/components/api/trust-api.ts";
import { Markdown } from "@/components/chat/Markdown.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Kbd } from "@/components/ui/Kbd.tsx";
import type { AnswerProps } from "./ApprovalCard.tsx";
import { MessageForm } from "./MessageForm.tsx";
import { MODE_LOOK } from "./mode-look.ts";
import { useApprovalKeys } from "./use-approval-keys.ts";
import { useCardState } from "./use-card-state.ts";

type ContinueMode = (typeof PLAN_CONTINUE_MODES)[number];

/**
 * ExitPlanMode: the plan as Markdown, then "Approve and continue" in the mode picked for the rest
 * of the run (Bypass only in a trusted repository), or "Keep planning" with what to change.
 */
export function PlanApproval({ approval, isActive, isBusy, answer }: AnswerProps) {
  const [mode, setMode] = useCardState<ContinueMode>(approval.id, "mode", "default");
  const [isRevising, setRevising] = useCardState(approval.id, "revising", false);
  const isTrusted = useRepoTrust(approval.repoId).data?.status === "trusted";
  const plan = typeof approval.input.plan === "string" ? approval.input.plan : "";
  const approve = () => !isBusy && answer({ action: "approve_plan", mode });
  useApprovalKeys({ isActive: isActive && !isRevising, keys: { a: approve, d: () => setRevising(true) } });
  return (
    <div data-testid="plan-approval">
      <div
        data-testid="plan-text"
        className="max-h-96 overflow-y-auto rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-950"
      >
        {plan ? <Markdown text={plan} /> : <p className="italic text-zinc-500">(the plan is empty)</p>}
      </div>
      {isRevising ? (
        <MessageForm
          label="Keep planning: what should Claude change?"
          placeholder="e.g. Split step 2; add tests before the migration."
          submitLabel="Keep planning"
          variant="primary"
          isRequired
          isBusy={isBusy}
          testId="plan-feedback-form"
          approvalId={approval.id}
          onSubmit={(feedback) => answer({ action: "keep_planning", feedback })}
          onCancel={() => setRevising(false)}
        />
      ) : (
        <>
          <fieldset className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="plan-mode">
            <legend className="sr-only">Mode for the rest of the run</legend>
            <span className="text-zinc-600 dark:text-zinc-400">Then continue in:</span>
            {PLAN_CONTINUE_MODES.map((option) => {
              const isLocked = option === "bypassPermissions" && !isTrusted;
              return (
                <label
                  key={option}
                  title={isLocked ? "Only in a repository you trust" : MODE_LOOK[option].description}
                  className={`flex items-center gap-1 ${isLocked ? "cursor-not-allowed opacity-50" : "cursor-pointer"}`}
                >
                  <input
                    type="radio"
                    name={`plan-mode-${approval.id}`}
                    value={option}
                    checked={mode === option}
                    disabled={isLocked}
                    onChange={() => setMode(option)}
                    className="accent-emerald-600"
                    data-testid={`plan-mode-${option}`}
                  />
                  <span className={option === "bypassPermissions" ? "text-red-700 dark:text-red-400" : ""}>
                    {MODE_LOOK[option].label}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button
              variant="primary"
              size="md"
              disabled={isBusy}
              aria-keyshortcuts="a"
              data-testid="plan-approve"
              onClick={approve}
            >
              Approve and continue
              <Kbd>A</Kbd>
            </Button>
            <Button
              size="md"
              disabled={isBusy}
              aria-keyshortcuts="d"
              data-testid="plan-keep-planning"
              onClick={() => setRevising(true)}
            >
              Keep planning…
              <Kbd>D</Kbd>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
