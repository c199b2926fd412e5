import type { Db } from "@/lib/db/client.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PromptInput } from "@/lib/prompt/types.ts";
import { buildPlanContext } from "@/lib/plans/plan-context.ts";
import { describeWorkflowState } from "@/lib/policies/workflow-state.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";

/**
 * The previous scan of each session, kept in memory only: git facts are never stored, and
 * after a restart the first send simply reports "first scan in this conversation".
 */
const previousScansState = defineProcessState("previousScans", () => new Map<string, WorktreeScan>());

/**
 * Loads everything the prompt needs besides the scan: project rules, the latest summary and
 * the most recent messages before the new user message (only those the summary does not cover).
 */
export async function buildPromptInput(
  db: Db,
  input: {
    sessionId: string;
    repoId: string;
    userMessageId: number;
    userMessage: string;
    scan: WorktreeScan;
    recentMessageCount: number;
    budgetChars: number;
  },
): Promise<PromptInput> {
  const [rules, ownSummary] = await Promise.all([
    db.projectRule.findUnique({ where: { repoId: input.repoId } }),
    db.chatSummary.findFirst({ where: { sessionId: input.sessionId }, orderBy: { id: "desc" } }),
  ]);
  const summary = ownSummary ?? (await findArchivedSessionSummary(db, input));
  const coveredUntil = ownSummary?.coveredUntilMessageId ?? 0;
  const recent = input.recentMessageCount
    ? await db.chatMessage.findMany({
        where: {
          sessionId: input.sessionId,
          id: { lt: input.userMessageId, gt: coveredUntil },
          archivedAt: null,
          role: { in: ["user", "assistant"] },
          NOT: { content: "" },
        },
        orderBy: { id: "desc" },
        take: input.recentMessageCount,
      })
    : [];
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, include: { repo: true } });
  const planContext = session
    ? await buildPlanContext(db, {
        repoId: input.repoId,
        planId: session.planId,
        repoRoot: session.repo.rootPath,
        worktreePath: input.scan.path,
        branch: input.scan.branch,
      })
    : { plan: null, designWarnings: [] };
  const previousScan = previousScansState.get().get(input.sessionId) ?? null;
  previousScansState.get().set(input.sessionId, input.scan);
  return {
    rules: { branchNamingRule: rules?.branchNamingRule ?? "feat/{slug}", freeTextRules: rules?.freeTextRules ?? "" },
    worktree: { path: input.scan.path, branch: input.scan.branch },
    scan: input.scan,
    previousScan,
    plan: planContext.plan,
    designWarnings: planContext.designWarnings,
    workflowState: await describeWorkflowState(db, { worktreePath: input.scan.path }),
    summary: summary
      ? { id: summary.id, markdown: summary.summaryMarkdown, coveredUntilMessageId: summary.coveredUntilMessageId }
      : null,
    recentMessages: recent.reverse().map((message) => ({
      id: message.id,
      role: message.role === "assistant" || message.role === "system" ? message.role : "user",
      content: message.content,
      createdAt: message.createdAt.toISOString(),
    })),
    userMessage: input.userMessage,
    budget: { maxChars: input.budgetChars },
  };
}

/** A new session's first prompts carry the summary of the worktree's last archived session. */
async function findArchivedSessionSummary(db: Db, input: { sessionId: string; repoId: string }) {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, select: { worktreePath: true } });
  if (!session) return null;
  return db.chatSummary.findFirst({
    where: { session: { repoId: input.repoId, worktreePath: session.worktreePath, status: "archived" } },
    orderBy: { id: "desc" },
  });
}
