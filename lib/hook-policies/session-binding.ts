import type { Db } from "@/lib/db/client.ts";

/** The worktree a Claude session belongs to: the one whose memory its events may read and change. */
export interface BoundWorktree {
  repoId: string;
  worktreePath: string;
}

/**
 * Which worktree's memory (ledger, topics, notifications, saved state) a hook event may read or change.
 * Hook events cannot prove who sent them: the spool is a folder and the hook token a file, both readable by
 * anything running as the user, the agent included. So an event counts only for the worktree its Claude
 * session belongs to: the worktree of the Arbor run that started the session, or else the one where Arbor
 * saw the session start (its first SessionStart). An event of a session Arbor never saw start, or one that
 * claims another worktree than its session's, changes nothing and reads nothing (it is still stored, as it
 * came, for the timeline). A SessionStart of a new session binds it to its own cwd's worktree.
 */
export async function resolveSessionWorktree(
  db: Db,
  input: {
    sessionId: string;
    eventName: string;
    eventId: number;
    /** The worktree the event's cwd is in, if it is a pinned one. */
    claimed: BoundWorktree | null;
    runId: string | null;
  },
): Promise<BoundWorktree | null> {
  const owner = input.runId ? await runWorktree(db, input.runId) : await startedWorktree(db, input);
  if (owner) return input.claimed && sameWorktree(owner, input.claimed) ? owner : null;
  return input.eventName === "SessionStart" ? input.claimed : null;
}

async function runWorktree(db: Db, runId: string): Promise<BoundWorktree | null> {
  return db.agentRun.findUnique({ where: { id: runId }, select: { repoId: true, worktreePath: true } });
}

/** Where the session's first SessionStart (before this event) was seen, if Arbor saw one. */
async function startedWorktree(db: Db, input: { sessionId: string; eventId: number }): Promise<BoundWorktree | null> {
  const start = await db.hookEvent.findFirst({
    where: { sessionId: input.sessionId, eventName: "SessionStart", id: { lt: input.eventId } },
    orderBy: { id: "asc" },
    select: { repoId: true, worktreePath: true },
  });
  if (!start) return null;
  // A session that started outside every pinned worktree belongs to none of them.
  return start.repoId && start.worktreePath ? { repoId: start.repoId, worktreePath: start.worktreePath } : unbound;
}

/** A session Arbor saw start outside every pinned worktree: it may change none of them. */
const unbound: BoundWorktree = { repoId: "", worktreePath: "" };

function sameWorktree(a: BoundWorktree, b: BoundWorktree): boolean {
  return a.repoId === b.repoId && a.worktreePath === b.worktreePath;
}
