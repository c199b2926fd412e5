"use client";

import { useEffect, type ReactNode } from "react";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { isAlreadyAnswered, useAnswerApproval, type ApprovalDecision } from "@/components/api/approvals-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { ApprovalOutcome } from "./ApprovalOutcome.tsx";
import { approvalHeadline } from "./approval-text.ts";
import { PlanApproval } from "./PlanApproval.tsx";
import { QuestionApproval } from "./QuestionApproval.tsx";
import { ToolApproval } from "./ToolApproval.tsx";
import { useAnswererLabel } from "./use-answerer-label.ts";
import { forgetCardState } from "./use-card-state.ts";

/** What every kind of card gets: send an answer, whether one is on its way, and whether its keys are live. */
export interface AnswerProps {
  approval: ApprovalView;
  isActive: boolean;
  isBusy: boolean;
  answer: (decision: ApprovalDecision) => void;
}

/**
 * A request the run waits on, where it waits: a tool to allow, questions to answer or a plan to
 * review. Once answered (here, in another tab, by a timeout or a stop) it folds to one line saying
 * how and by whom. `isActive`: the open chat's first waiting card, which answers to its keys.
 */
export function ApprovalCard({ approval, isActive }: { approval: ApprovalView; isActive: boolean }) {
  const label = useAnswererLabel();
  const mutation = useAnswerApproval(approval);
  const isPending = approval.status === "pending";
  useEffect(() => {
    if (!isPending) forgetCardState(approval.id);
  }, [isPending, approval.id]);
  if (approval.status !== "pending") return <ApprovalOutcome approval={approval} ownLabel={label} />;
  const props: AnswerProps = {
    approval,
    isActive,
    isBusy: mutation.isPending,
    answer: (decision) => mutation.mutate({ decision }),
  };
  return (
    <section
      data-testid="approval-card"
      data-approval-id={approval.id}
      data-kind={approval.kind}
      data-tool={approval.toolName}
      data-active={isActive}
      aria-label={approvalHeadline(approval)}
      // On a phone every button of the card is a full 44 px touch target.
      className={`my-2 rounded-lg border bg-white px-3 py-2.5 text-xs shadow-sm max-md:[&_button]:min-h-11 max-md:[&_button]:px-3 dark:bg-zinc-900 ${isActive ? "border-amber-400 ring-1 ring-amber-300 dark:border-amber-600 dark:ring-amber-800" : "border-amber-300 dark:border-amber-800"}`}
    >
      <CardHeading approval={approval} />
      {approval.kind === "question" ? (
        <QuestionApproval {...props} />
      ) : approval.kind === "plan" ? (
        <PlanApproval {...props} />
      ) : (
        <ToolApproval {...props} />
      )}
      {mutation.error && !isAlreadyAnswered(mutation.error) ? (
        <div className="mt-2">
          <ErrorNotice error={mutation.error} testId="approval-error" />
        </div>
      ) : null}
    </section>
  );
}

function CardHeading({ approval }: { approval: ApprovalView }): ReactNode {
  return (
    <header className="mb-1.5 flex flex-wrap items-center gap-2">
      <Badge tone="amber" size="md" className="uppercase tracking-wide">
        waiting for you
      </Badge>
      <h3 className="min-w-0 flex-1 text-sm font-semibold" data-testid="approval-headline">
        {approvalHeadline(approval)}
      </h3>
    </header>
  );
}
