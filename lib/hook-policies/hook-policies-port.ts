import { notifyRunOutcome } from "./notifier.ts";
import { describeWorkflowState } from "./workflow-state.ts";

type NotifyParts = Parameters<typeof notifyRunOutcome>[0];

/**
 * What a conversation asks of the hook policies, on the runtime context as `hookPolicies`: lib/chat
 * reaches them only through it.
 */
export interface HookPoliciesPort {
  /** "You were doing X; when it is done, do Y." from the worktree's latest saved state, for the prompt; or null. */
  workflowState(input: { worktreePath: string }): Promise<string | null>;
  /** How a run ended, in the inbox and on the desktop (unless the settings switch it off). */
  notifyRunOutcome(input: Parameters<typeof notifyRunOutcome>[1]): Promise<number | null>;
}

export function createHookPoliciesPort(ctx: NotifyParts): HookPoliciesPort {
  return {
    workflowState: (input) => describeWorkflowState(ctx.db, input),
    notifyRunOutcome: (input) => notifyRunOutcome(ctx, input),
  };
}
