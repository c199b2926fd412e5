import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { WaitingFor } from "./plan-run.ts";

/**
 * What a node's live agent waits for, from the request it made: a tool to allow (a plan to accept
 * counts as ExitPlanMode), or the first question of an AskUserQuestion. Pure.
 */
export function waitingForOf(approval: Pick<ApprovalView, "kind" | "toolName" | "input">): WaitingFor {
  if (approval.kind === "question") {
    const questions = approval.input.questions;
    const first = Array.isArray(questions) ? (questions[0] as { question?: unknown } | undefined) : undefined;
    const question = typeof first?.question === "string" && first.question.trim() !== "" ? first.question.trim() : null;
    return { kind: "question", question: question ?? "Claude asks you a question" };
  }
  return { kind: "tool", toolName: approval.toolName };
}
