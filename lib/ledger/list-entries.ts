import type { Db } from "@/lib/db/client.ts";
import type { Prisma } from "@/lib/db/generated/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolveWorktreeScope, whereEntriesApply } from "./ledger-scope.ts";
import type { LedgerCounts, LedgerEntryView, LedgerKind } from "./ledger-types.ts";
import { toLedgerEntryView, toLedgerEventView } from "./to-ledger-view.ts";

const MAX_LIST = 1000;

/**
 * A repository's ledger, newest first: every entry, or (with `worktreePath`) those that apply to that
 * worktree (its own, its node's, its plan's, the repository's). Filters: open or closed, kind, words.
 */
export async function listLedgerEntries(
  db: Db,
  input: {
    repoId: string;
    worktreePath?: string;
    /** open: in force and proposed (what prompts carry); proposed: waiting for the user; closed: the rest. */
    status?: "open" | "proposed" | "closed" | "all";
    kind?: LedgerKind;
    query?: string;
    limit?: number;
  },
): Promise<LedgerEntryView[]> {
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, select: { id: true } });
  if (!repo) throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  const applies = input.worktreePath
    ? whereEntriesApply(await resolveWorktreeScope(db, { repoId: repo.id, worktreePath: input.worktreePath }))
    : { repoId: repo.id };
  const status: Prisma.LedgerEntryWhereInput =
    input.status === "open"
      ? { status: { in: ["open", "proposed"] } }
      : input.status === "proposed"
        ? { status: "proposed" }
        : input.status === "closed"
          ? { status: { notIn: ["open", "proposed"] } }
          : {};
  const words = (input.query ?? "").trim();
  const rows = await db.ledgerEntry.findMany({
    where: {
      AND: [applies, status, input.kind ? { kind: input.kind } : {}, words ? { text: { contains: words } } : {}],
    },
    include: { events: { orderBy: { id: "desc" }, take: 1 } },
    orderBy: { id: "desc" },
    take: Math.min(Math.max(input.limit ?? 500, 1), MAX_LIST),
  });
  return rows.map(toLedgerEntryView);
}

/** One entry with its whole history, oldest change first. */
export async function readLedgerEntry(
  db: Db,
  input: { entryId: number; repoId?: string },
): Promise<{ entry: LedgerEntryView; history: ReturnType<typeof toLedgerEventView>[] }> {
  const row = await db.ledgerEntry.findUnique({
    where: { id: input.entryId },
    include: { events: { orderBy: { id: "asc" } } },
  });
  if (!row || (input.repoId !== undefined && row.repoId !== input.repoId))
    throw new AppError("not_found", `Ledger entry L${input.entryId} does not exist.`);
  return { entry: toLedgerEntryView(row), history: row.events.map(toLedgerEventView) };
}

/** Open tasks, decisions in force and proposals per worktree (entries scoped to it) and for the whole repository. */
export async function countLedger(db: Db, input: { repoId: string }): Promise<LedgerCounts> {
  const groups = await db.ledgerEntry.groupBy({
    by: ["scope", "worktreePath", "kind", "status"],
    where: { repoId: input.repoId, status: { in: ["open", "proposed"] } },
    _count: { id: true },
  });
  type Counts = { openTasks: number; decisions: number; proposed: number };
  const worktrees = new Map<string, Counts & { worktreePath: string }>();
  const repo: Counts = { openTasks: 0, decisions: 0, proposed: 0 };
  for (const group of groups) {
    const count = group._count.id;
    const add = (target: Counts) => {
      if (group.status === "proposed") target.proposed += count;
      else if (group.kind === "task") target.openTasks += count;
      else target.decisions += count;
    };
    add(repo);
    if (group.scope === "worktree" && group.worktreePath) {
      const row = worktrees.get(group.worktreePath) ?? {
        worktreePath: group.worktreePath,
        openTasks: 0,
        decisions: 0,
        proposed: 0,
      };
      add(row);
      worktrees.set(group.worktreePath, row);
    }
  }
  return { worktrees: [...worktrees.values()], repo };
}
