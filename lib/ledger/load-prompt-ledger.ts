import type { Db } from "@/lib/db/client.ts";
import type { PromptLedger, PromptLedgerEntry } from "@/lib/prompt/types.ts";
import { whereEntriesApply, type WorktreeLedgerScope } from "./ledger-scope.ts";

/**
 * The decisions in force and open tasks that apply to a worktree, newest first, for one prompt: at
 * most `maxEntries` loaded whole, the ids of the older ones besides (the receipt names them), so the
 * cost follows the limit, not the size of the ledger.
 */
export async function loadPromptLedger(
  db: Db,
  input: { scope: WorktreeLedgerScope; maxEntries: number },
): Promise<PromptLedger> {
  const where = { ...whereEntriesApply(input.scope), status: "open" };
  const rows = await db.ledgerEntry.findMany({
    where,
    select: { id: true, kind: true, text: true, scope: true, origin: true },
    orderBy: { id: "desc" },
    take: input.maxEntries,
  });
  const oldest = rows.at(-1)?.id;
  const older =
    rows.length === input.maxEntries && oldest !== undefined
      ? await db.ledgerEntry.findMany({
          where: { ...where, id: { lt: oldest } },
          select: { id: true },
          orderBy: { id: "desc" },
        })
      : [];
  return { entries: rows.map(toPromptEntry), notLoadedIds: older.map((row) => row.id) };
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
