import { describeToolInput } from "@/lib/agent/describe-tool-input.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { folderName } from "@/components/notifications/group-notifications.ts";
import { readQuestionViews } from "./question-form.ts";

type ApprovalSubject = Pick<ApprovalView, "kind" | "toolName" | "input" | "worktreePath">;

/** What the agent asks, in one line: "Bash: npm test", "Edit: src/a.ts", the question, "a plan to review". */
export function describeApprovalRequest(approval: ApprovalSubject): string {
  if (approval.kind === "question") {
    const [first, ...rest] = readQuestionViews(approval.input);
    return first ? `${first.question}${rest.length > 0 ? ` (+${rest.length} more)` : ""}` : "A question";
  }
  if (approval.kind === "plan") return "A plan to review";
  const subject = describeToolInput({ toolName: approval.toolName, input: approval.input, cwd: approval.worktreePath });
  return subject ? `${approval.toolName}: ${subject}` : approval.toolName;
}

/** The card's heading: what Claude wants to do, in words. */
export function approvalHeadline(approval: ApprovalSubject & Pick<ApprovalView, "preview">): string {
  if (approval.kind === "question") return "Claude asks you";
  if (approval.kind === "plan") return "Claude's plan is ready for review";
  const file = approval.preview
    ? describeToolInput({ toolName: approval.toolName, input: approval.input, cwd: approval.worktreePath })
    : null;
  if (file && approval.toolName === "Write")
    return approval.preview?.before === null ? `Claude wants to create ${file}` : `Claude wants to overwrite ${file}`;
  if (file) return `Claude wants to edit ${file}`;
  if (approval.toolName === "Bash") return "Claude wants to run a command";
  return `Claude wants to use ${approval.toolName}`;
}

/** A desktop alert: which worktree asks, and what. */
export function describeApprovalAlert(approval: ApprovalSubject): { title: string; body: string } {
  return {
    title: `Claude is waiting for you in ${folderName(approval.worktreePath)}`,
    body: describeApprovalRequest(approval),
  };
}
