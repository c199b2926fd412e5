import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import { askUser, closeApproval, type ApprovalContext } from "./approval-broker.ts";
import { countWaiting } from "./approval-waiters.ts";
import { resolveRunPermissions, toRetryAllowedTools, type RunPermissions } from "./run-permissions.ts";

/** What a conversation asks of the approvals, on the runtime context as `approvals`: lib/chat reaches them only through it. */
export interface ApprovalsPort {
  /** Permission requests waiting for the user in a repository, or in one of its worktrees. */
  countWaiting(input: { repoId: string; worktreePath?: string }): number;
  /** A running Claude asks: a card in every tab, answered by the first signed-in answer or denied after `timeoutMs`. */
  ask(input: Parameters<typeof askUser>[1]): Promise<PermissionAnswer>;
  /** The CLI withdrew a request, or its run ended: the card closes. */
  close(input: Parameters<typeof closeApproval>[1]): Promise<void>;
  /** The permission mode and allowed tools a chat run in the worktree starts with. */
  runPermissions(input: Parameters<typeof resolveRunPermissions>[1]): Promise<RunPermissions>;
  /** "Allow and retry"'s rules as allowed tools of the new run; AppError for a rule that cannot be allowed. */
  retryAllowedTools(rules: readonly ToolRule[]): string[];
}

export function createApprovalsPort(ctx: ApprovalContext): ApprovalsPort {
  return {
    countWaiting: (input) => countWaiting(ctx.approvalWaiters, input),
    ask: (input) => askUser(ctx, input),
    close: (input) => closeApproval(ctx, input),
    runPermissions: (input) => resolveRunPermissions(ctx.db, input),
    retryAllowedTools: toRetryAllowedTools,
  };
}
