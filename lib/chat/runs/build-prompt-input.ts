import type { ChecksPort } from "@/lib/checks/run/checks-port.ts";
import type { Db } from "@/lib/db/client.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { HookPoliciesPort } from "@/lib/hook-policies/hook-policies-port.ts";
import type { LedgerPort } from "@/lib/ledger/ledger-port.ts";
import type { MemoryPort } from "@/lib/memory/memory-port.ts";
import type { PlansPort } from "@/lib/plans/plans-port.ts";
import type { PromptInput } from "@/lib/prompt/types.ts";

/**
 * The previous scan of each session, by session id, kept in memory only (one map per runtime
 * context): git facts are never stored, and after a restart the first send simply reports "first
 * scan in this conversation".
 */
export type PreviousScans = Map<string, WorktreeScan>;

/**
 * Uncovered messages loaded whole for one prompt. Upkeep keeps far fewer uncovered (it summarizes once
 * they outgrow the recent window); older ones, possible only with upkeep off, are listed as left out.
 */
const MAX_LOADED_MESSAGES = 1000;

/** Covered user messages loaded for the verbatim block (newest first); their share of the budget decides how many go. */
const MAX_EARLIER_USER_MESSAGES = 300;

/** Where the prompt's sections come from: the conversation's rows, and the rooms' ports (lib/context). */
export interface PromptSources {
  db: Db;
  previousScans: PreviousScans;
  memory: MemoryPort;
  plans: PlansPort;
  ledger: LedgerPort;
  repoChecks: ChecksPort;
  hookPolicies: HookPoliciesPort;
}

/**
 * Loads everything the prompt needs besides the scan: project rules, the worktree's ledger (decisions
 * in force, open tasks), the latest summary and every message the summary does not cover (the gap
 * rule: a message is either behind the summary or in the prompt, or listed as left out). The
 * session's previous scan is read from `previousScans` and replaced by this one.
 */
export async function buildPromptInput(
  ctx: PromptSources,
  input: {
    sessionId: string;
    repoId: string;
    userMessageId: number;
    userMessage: string;
    scan: WorktreeScan;
    budgetChars: number;
    /** Ledger entries loaded whole for the prompt (the newest); the others are named as left out. */
    ledgerMaxEntries: number;
  },
): Promise<PromptInput> {
  const { db } = ctx;
  const [rules, ownSummary, session] = await Promise.all([
    db.projectRule.findUnique({ where: { repoId: input.repoId } }),
    ctx.memory.summaryOf(input.sessionId),
    db.chatSession.findUnique({ where: { id: input.sessionId }, include: { repo: true } }),
  ]);
  const summary =
    ownSummary ?? (session ? await findArchivedSessionSummary(db, { ...session, branch: input.scan.branch }) : null);
  const coveredUntil = ownSummary?.coveredUntilMessageId ?? 0;
  const uncovered = {
    sessionId: input.sessionId,
    id: { lt: input.userMessageId, gt: coveredUntil },
    role: { in: ["user", "assistant"] },
    NOT: { content: "" },
  };
  const recent = await db.chatMessage.findMany({
    where: uncovered,
    orderBy: { id: "desc" },
    take: MAX_LOADED_MESSAGES,
  });
  // The user's own words the summary covers, in this conversation (not an inherited summary's).
  const coveredByUser = {
    sessionId: input.sessionId,
    id: { lte: coveredUntil },
    role: "user",
    NOT: { content: "" },
  };
  const [earlierUser, earlierUserCount] =
    coveredUntil > 0
      ? await Promise.all([
          db.chatMessage.findMany({ where: coveredByUser, orderBy: { id: "desc" }, take: MAX_EARLIER_USER_MESSAGES }),
          db.chatMessage.count({ where: coveredByUser }),
        ])
      : [[], 0];
  const notLoaded =
    recent.length === MAX_LOADED_MESSAGES
      ? await db.chatMessage.findMany({
          where: { ...uncovered, id: { lt: recent.at(-1)!.id, gt: coveredUntil } },
          select: { id: true },
          orderBy: { id: "asc" },
        })
      : [];
  const worktreePath = session?.worktreePath ?? input.scan.path;
  const planContext = session
    ? await ctx.plans.contextFor({
        repoId: input.repoId,
        planId: session.planId,
        repoRoot: session.repo.rootPath,
        worktreePath: input.scan.path,
        branch: input.scan.branch,
      })
    : { plan: null, designWarnings: [], planId: null, nodeSlug: null };
  const ledger = await ctx.ledger.forPrompt({
    scope: {
      repoId: input.repoId,
      worktreePath,
      planId: session?.planId ?? planContext.planId,
      node:
        planContext.planId && planContext.nodeSlug ? { planId: planContext.planId, slug: planContext.nodeSlug } : null,
    },
    maxEntries: input.ledgerMaxEntries,
  });
  const previousScan = ctx.previousScans.get(input.sessionId) ?? null;
  ctx.previousScans.set(input.sessionId, input.scan);
  return {
    rules: { branchNamingRule: rules?.branchNamingRule ?? "feat/{slug}", freeTextRules: rules?.freeTextRules ?? "" },
    worktree: { path: input.scan.path, branch: input.scan.branch },
    scan: input.scan,
    previousScan,
    plan: planContext.plan,
    designWarnings: planContext.designWarnings,
    checks: await ctx.repoChecks.forPrompt({ repoId: input.repoId, worktreePath: input.scan.path }),
    workflowState: await ctx.hookPolicies.workflowState({ worktreePath: input.scan.path }),
    summary: summary
      ? {
          id: summary.id,
          markdown: summary.summaryMarkdown,
          coveredUntilMessageId: summary.coveredUntilMessageId,
          isInherited: ownSummary === null,
        }
      : null,
    recentMessages: recent.reverse().map((message) => ({
      id: message.id,
      role: message.role === "assistant" || message.role === "system" ? message.role : "user",
      content: message.content,
      createdAt: message.createdAt.toISOString(),
    })),
    notLoadedMessageIds: notLoaded.map((message) => message.id),
    earlierUserMessages: earlierUser.map((message) => ({
      id: message.id,
      role: "user" as const,
      content: message.content,
      createdAt: message.createdAt.toISOString(),
    })),
    earlierUserNotLoadedCount: Math.max(earlierUserCount - earlierUser.length, 0),
    ledger,
    userMessage: input.userMessage,
    budget: { maxChars: input.budgetChars },
  };
}

/**
 * A new session's first prompts carry the summary of the worktree's last archived session on the
 * same branch ("New conversation" in the same worktree). A worktree removed and another made in
 * the same folder for another branch is another piece of work: its summary is not carried over.
 */
async function findArchivedSessionSummary(
  db: Db,
  session: { repoId: string; worktreePath: string; branch: string | null },
) {
  return db.chatSummary.findFirst({
    where: {
      kind: "model",
      session: {
        repoId: session.repoId,
        worktreePath: session.worktreePath,
        status: "archived",
        branchName: session.branch,
      },
    },
    orderBy: { id: "desc" },
  });
}
