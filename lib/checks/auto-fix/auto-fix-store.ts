import type { Db } from "@/lib/db/client.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import type { AutoFixSetting } from "./auto-fix-setting.ts";
import { AUTO_FIX_OFF, toAutoFixView, type AutoFixState } from "./auto-fix-view.ts";

type WorktreeRef = { repoId: string; worktreePath: string };
/** What changing the count touches: the row, and the browsers told about it. */
type AutoFixContext = { db: Db; hub: EventHub };

const keyOf = (ref: WorktreeRef) => ({
  repoId_worktreePath: { repoId: ref.repoId, worktreePath: ref.worktreePath },
});

/** The worktree's switch and how many automatic fixes it sent in a row (off when never set). */
export async function readAutoFixState(db: Db, ref: WorktreeRef): Promise<AutoFixState> {
  const row = await db.worktreeAutoFix.findUnique({ where: keyOf(ref) });
  return row ?? AUTO_FIX_OFF;
}

/** Turns the worktree's automatic fixes on or off; either way the count starts again from zero. */
export async function saveAutoFixSetting(
  ctx: AutoFixContext,
  input: WorktreeRef & AutoFixSetting,
): Promise<AutoFixState> {
  const { db } = ctx;
  const current = await readAutoFixState(db, input);
  const data = {
    isEnabled: input.enabled,
    maxAttempts: input.maxAttempts ?? current.maxAttempts,
    attemptsUsed: 0,
  };
  const row = await db.worktreeAutoFix.upsert({
    where: keyOf(input),
    create: { repoId: input.repoId, worktreePath: input.worktreePath, ...data },
    update: data,
  });
  publishAutoFix(ctx.hub, input, row);
  return row;
}

/** A check passed or the user spoke: automatic fixes count from zero again. No write when nothing was counted. */
export async function resetAutoFixAttempts(ctx: AutoFixContext, ref: WorktreeRef): Promise<void> {
  const { count } = await ctx.db.worktreeAutoFix.updateMany({
    where: { repoId: ref.repoId, worktreePath: ref.worktreePath, attemptsUsed: { gt: 0 } },
    data: { attemptsUsed: 0 },
  });
  if (count > 0) publishAutoFix(ctx.hub, ref, await readAutoFixState(ctx.db, ref));
}

/**
 * Counts one automatic fix, unless the count moved since `seen` was read (another fix, a reset,
 * the switch turned off): the write is conditional on it, so two finishing batches cannot both
 * send. True when this caller may send.
 */
export async function takeAutoFixAttempt(
  ctx: AutoFixContext,
  input: WorktreeRef & { seen: AutoFixState },
): Promise<boolean> {
  const { count } = await ctx.db.worktreeAutoFix.updateMany({
    where: {
      repoId: input.repoId,
      worktreePath: input.worktreePath,
      isEnabled: true,
      attemptsUsed: input.seen.attemptsUsed,
      maxAttempts: input.seen.maxAttempts,
    },
    data: { attemptsUsed: { increment: 1 } },
  });
  if (count > 0) publishAutoFix(ctx.hub, input, await readAutoFixState(ctx.db, input));
  return count > 0;
}

/** Tells the repository's browsers (the Checks panel's switch, the attention view) how the worktree's auto-fix stands. */
export function publishAutoFix(hub: EventHub, ref: WorktreeRef, state: AutoFixState): void {
  hub.publish(repoTopic(ref.repoId), {
    type: "check_auto_fix",
    repoId: ref.repoId,
    worktreePath: ref.worktreePath,
    autoFix: toAutoFixView(state),
  });
}
