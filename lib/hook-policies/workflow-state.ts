import type { Db } from "@/lib/db/client.ts";
import { scanWorktree } from "@/lib/git/read/scan-worktrees.ts";
import { buildPlanContext } from "@/lib/plans/plan-context.ts";

/**
 * Saves where the work in a worktree stands (PreCompact, SessionEnd): the plan node, the
 * current task and the next action — from the latest chat summary's open tasks, else from
 * the recorder's current topic.
 */
export async function saveWorkflowState(
  db: Db,
  input: { repoId: string; worktreePath: string; sessionId: string; trigger: string },
): Promise<void> {
  const [session, lastEntry] = await Promise.all([
    db.chatSession.findFirst({
      where: { repoId: input.repoId, worktreePath: input.worktreePath, status: "active" },
      include: { repo: true },
    }),
    db.topicLogEntry.findFirst({
      where: { sessionId: input.sessionId },
      orderBy: { id: "desc" },
      include: { topic: true },
    }),
  ]);
  const summary = session
    ? await db.chatSummary.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } })
    : null;
  const tasks = openTasks(summary?.summaryMarkdown ?? "");
  let planNode: string | null = null;
  if (session) {
    const scan = await scanWorktree({ worktreePath: input.worktreePath }).catch(() => null);
    const context = await buildPlanContext(db, {
      repoId: input.repoId,
      planId: session.planId,
      repoRoot: session.repo.rootPath,
      worktreePath: input.worktreePath,
      branch: scan?.branch ?? null,
    });
    planNode = context.plan?.points[0]?.replace(/^This worktree's node: /, "") ?? null;
  }
  await db.workflowState.create({
    data: {
      repoId: input.repoId,
      worktreePath: input.worktreePath,
      sessionId: input.sessionId,
      planNode,
      currentTask: tasks[0] ?? (lastEntry ? `topic "${lastEntry.topic.title}"` : null),
      nextAction: tasks[1] ?? null,
      trigger: input.trigger,
    },
  });
}

/** "You were doing X; when it is done, do Y." for the latest saved state of a worktree, or null. */
export async function describeWorkflowState(db: Db, input: { worktreePath: string }): Promise<string | null> {
  const state = await db.workflowState.findFirst({
    where: { worktreePath: input.worktreePath },
    orderBy: { id: "desc" },
  });
  if (!state || (!state.currentTask && !state.planNode)) return null;
  const parts = [
    state.planNode ? `Plan node: ${state.planNode}.` : null,
    state.currentTask ? `You were doing: ${state.currentTask}.` : null,
    state.nextAction ? `When it is done, do: ${state.nextAction}.` : null,
  ].filter(Boolean);
  return `${parts.join(" ")} (saved at ${state.trigger}, ${state.createdAt.toISOString()})`;
}

function openTasks(markdown: string): string[] {
  const section = /##\s+Open tasks\s*\n([\s\S]*?)(?=\n##\s|$)/i.exec(markdown)?.[1] ?? "";
  return section
    .split("\n")
    .map((line) => line.replace(/^\s*[-*]\s+(\[.\]\s*)?/, "").trim())
    .filter((line) => line && line !== "(none found)");
}
