import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Deletes a plan and its design tree. Branches and worktrees are git's and stay; conversations
 * linked to the plan keep every message and are unlinked. Decisions and tasks still open under
 * the plan or one of its nodes would be forgotten with it, so while there are any the delete is
 * refused and nothing changes: the user closes them in the Ledger first.
 *
 * `onlyWithoutTree`: the design wizard discards the plan it created when the user abandons it;
 * if a tree was saved meanwhile (another tab, a teammate) the plan is kept.
 */
export async function deletePlan(
  db: Db,
  input: { planId: string; onlyWithoutTree?: boolean },
): Promise<{ unlinkedConversations: number }> {
  const plan = await db.plan.findUnique({
    where: { id: input.planId },
    select: { id: true, title: true, treeSpec: { select: { id: true } } },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist (it may have been deleted already).");
  if (input.onlyWithoutTree && plan.treeSpec) {
    throw new AppError("conflict", `Plan "${plan.title}" has a saved design tree now, so it was kept.`);
  }
  const openEntries = await db.ledgerEntry.count({ where: { planId: plan.id, status: "open" } });
  if (openEntries > 0) {
    throw new AppError(
      "conflict",
      `Plan "${plan.title}" still has ${openEntries} open ${openEntries === 1 ? "decision or task" : "decisions or tasks"}. ` +
        "Close them in the Ledger panel first (mark tasks done, drop what no longer holds), then delete the plan. Nothing was deleted.",
      { details: { openEntries } },
    );
  }
  const [unlinked] = await db.$transaction([
    db.chatSession.updateMany({ where: { planId: plan.id }, data: { planId: null } }),
    db.plan.delete({ where: { id: plan.id } }),
  ]);
  return { unlinkedConversations: unlinked.count };
}
