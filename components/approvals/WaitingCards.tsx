"use client";

import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { ApprovalCard } from "./ApprovalCard.tsx";

/** The run's requests still waiting for an answer, as full cards; `activeId` is the one the keys answer. */
export function WaitingCards({ approvals, activeId }: { approvals: ApprovalView[]; activeId: string | null }) {
  const waiting = approvals.filter((approval) => approval.status === "pending");
  if (waiting.length === 0) return null;
  return (
    <div aria-live="polite">
      {waiting.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} isActive={approval.id === activeId} />
      ))}
    </div>
  );
}
