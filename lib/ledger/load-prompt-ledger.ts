import type { Db } from "@/lib/db/client.ts";
import { MAX_NAMED_LEFT_OUT } from "@/lib/prompt/format-ledger.ts";
import type { PromptLedger, PromptLedgerEntry } from "@/lib/prompt/types.ts";
import { whereEntriesApply, type WorktreeLedgerScope } from "./ledger-scope.ts";

/**
 * The decisions in force and open tasks that apply to a worktree, newest first, for one prompt: at
 * most `maxEntries` loaded whole, the ids of the next few (named as left out) and a count of all the
 * others. Always the same three queries, each bounded, so the cost follows the limit, not the size of
 * the ledger.
 */
export async function loadPromptLedger(
  db: Db,
  input: { scope: WorktreeLedgerScope; maxEntries: number },
): Promise<PromptLedger> {
  const where = { ...whereEntriesApply(input.scope), status: "open" };
  const [rows, next, inForce] = await Promise.all([
    db.ledgerEntry.findMany({
      where,
      select: { id: true, kind: true, text: true, scope: true, origin: true },
      orderBy: { id: "desc" },
      take: input.maxEntries,
    }),
    db.ledgerEntry.findMany({
      where,
      select: { id: true },
      orderBy: { id: "desc" },
      skip: input.maxEntries,
      take: MAX_NAMED_LEFT_OUT,
    }),
    db.ledgerEntry.count({ where }),
  ]);
  return {
    entries: rows.map(toPromptEntry),
    notLoadedIds: next.map((row) => row.id),
    notLoadedCount: Math.max(inForce - rows.length, next.length),
  };
}

function toPromptEntry(row: {
  id: number;
  kind: string;
  text: string;
  scope: string;
  origin: string;
}): PromptLedgerEntry {
  return {
    id: row.id,
    kind: row.kind === "task" ? "task" : "decision",
    text: row.text,
    scope: row.scope === "node" || row.scope === "plan" || row.scope === "repo" ? row.scope : "worktree",
    origin: row.origin,
  };
}
