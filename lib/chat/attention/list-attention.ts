import { existsSync } from "node:fs";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { ChecksPort } from "@/lib/checks/run/checks-port.ts";
import type { Db } from "@/lib/db/client.ts";
import { attentionState, rankAttention, type AttentionItem } from "./attention.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";

/**
 * Every active conversation of every pinned repository, with the state that says whether it needs
 * the user (waiting, failed, checks failing, unread, running, queued, idle), most urgent first. Live state comes
 * from the run manager and the approval broker; the latest run, unread mark, cost so far and failing
 * checks from the database. A worktree whose folder is gone is left out (its conversation stays in the
 * repository's list), failing checks with it.
 */
export async function listAttention(ctx: {
  db: Db;
  runs: RunManager;
  approvals: ApprovalsPort;
  repoChecks: ChecksPort;
}): Promise<AttentionItem[]> {
  const { db } = ctx;
  const sessions = await db.chatSession.findMany({
    where: { status: "active", repo: { pins: { some: {} } } },
    include: { repo: { select: { name: true, pins: { select: { label: true }, take: 1 } } } },
  });
  const present = sessions.filter((session) => existsSync(session.worktreePath));
  const sessionIds = present.map((session) => session.id);
  const [lastRuns, costs, failingChecks] = await Promise.all([
    readLastRuns(db, sessionIds),
    readCosts(db, sessionIds),
    ctx.repoChecks.failingIn(present),
  ]);
  const manager = ctx.runs;
  const items = present.map((session): AttentionItem => {
    const lastRun = lastRuns.get(session.id) ?? null;
    const hasUnread = lastRun?.finishedAt != null && lastRun.finishedAt > session.lastReadAt;
    const isWaiting = ctx.approvals.countWaiting({ repoId: session.repoId, worktreePath: session.worktreePath }) > 0;
    const checks = failingChecks(session);
    return {
      repoId: session.repoId,
      repoLabel: session.repo.pins[0]?.label ?? session.repo.name,
      worktreePath: session.worktreePath,
      branch: session.branchName ?? null,
      sessionId: session.id,
      state: attentionState({
        liveState: isWaiting ? "waiting" : manager.stateOf(session.worktreePath),
        hasUnread,
        lastRunStatus: lastRun?.status ?? null,
        hasFailingChecks: checks !== null,
      }),
      lastRun: lastRun
        ? {
            status: lastRun.status,
            startedAt: lastRun.startedAt?.toISOString() ?? null,
            finishedAt: lastRun.finishedAt?.toISOString() ?? null,
            errorMessage: lastRun.errorMessage,
          }
        : null,
      failingChecks: checks,
      costUsd: costs.get(session.id) ?? null,
    };
  });
  return rankAttention(items);
}

/** Each session's runs' cost summed, in one grouped query; sessions with no reported cost are left out. */
async function readCosts(db: Db, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const sums = await db.agentRun.groupBy({
    by: ["sessionId"],
    where: { sessionId: { in: sessionIds }, costUsd: { not: null } },
    _sum: { costUsd: true },
  });
  return new Map(sums.flatMap((row) => (row._sum.costUsd === null ? [] : [[row.sessionId, row._sum.costUsd]])));
}

interface LastRun {
  status: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  errorMessage: string | null;
}

/**
 * The newest run of each session in two queries, whatever the number of sessions: the newest
 * creation time per session (GROUP BY over the (session, created) index), then those runs. One
 * query per session made the view's refresh grow with every worktree (50 worktrees: 50 queries).
 */
async function readLastRuns(db: Db, sessionIds: string[]): Promise<Map<string, LastRun>> {
  if (sessionIds.length === 0) return new Map();
  const newest = await db.agentRun.groupBy({
    by: ["sessionId"],
    where: { sessionId: { in: sessionIds } },
    _max: { createdAt: true },
  });
  const keys = newest.flatMap((row) =>
    row._max.createdAt ? [{ sessionId: row.sessionId, createdAt: row._max.createdAt }] : [],
  );
  if (keys.length === 0) return new Map();
  const runs = await db.agentRun.findMany({
    where: { OR: keys },
    select: { sessionId: true, status: true, startedAt: true, finishedAt: true, errorMessage: true },
  });
  const bySession = new Map<string, LastRun>();
  // Two runs of a session created in the same millisecond (never seen in practice): either is the newest.
  for (const run of runs) if (!bySession.has(run.sessionId)) bySession.set(run.sessionId, run);
  return bySession;
}
