"use client";

import type { RunView, ToolCallView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { ApprovalOutcome } from "@/components/approvals/ApprovalOutcome.tsx";
import { pairApprovalsWithTools } from "@/components/approvals/approval-lists.ts";
import { useAnswererLabel } from "@/components/approvals/use-answerer-label.ts";
import { DenialNotice } from "./DenialNotice.tsx";
import { ToolCard } from "./ToolCard.tsx";

/**
 * The tool calls of a run, each with how its permission request ended (one line) when it asked,
 * then the tools Claude was refused, with "Allow and retry" when `retry` is given.
 */
export function ToolCards(props: {
  tools: ToolCallView[];
  denials?: RunView["permissionDenials"];
  approvals?: ApprovalView[];
  retry?: { runId: string; session: { sessionId: string; repoId: string } } | null;
}) {
  const ownLabel = useAnswererLabel();
  const denials = props.denials ?? [];
  const { byToolId, unpaired } = pairApprovalsWithTools(props.tools, props.approvals ?? []);
  const answeredApart = unpaired.filter((approval) => approval.status !== "pending");
  if (props.tools.length === 0 && denials.length === 0 && answeredApart.length === 0) return null;
  const deniedIds = new Set(denials.map((denial) => denial.toolUseId));
  const deniedByYouIds = new Set(denials.filter((denial) => denial.byUser).map((denial) => denial.toolUseId));
  return (
    <div className="mb-2 space-y-1" data-testid="tool-cards">
      {props.tools.map((tool) => {
        const approval = byToolId.get(tool.id);
        return (
          <ToolCard
            key={tool.id}
            tool={tool}
            isDenied={deniedIds.has(tool.id)}
            isDeniedByYou={deniedByYouIds.has(tool.id)}
            isWaiting={approval?.status === "pending"}
          >
            {approval && approval.status !== "pending" ? (
              <ApprovalOutcome approval={approval} ownLabel={ownLabel} showSubject={false} />
            ) : null}
          </ToolCard>
        );
      })}
      {answeredApart.map((approval) => (
        <ApprovalOutcome key={approval.id} approval={approval} ownLabel={ownLabel} />
      ))}
      <DenialNotice denials={denials} retry={props.retry ?? null} />
    </div>
  );
}
