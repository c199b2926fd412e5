import type { Db } from "@/lib/db/client.ts";
import { MAX_NAMED_LEFT_OUT } from "@/lib/prompt/format-ledger.ts";
import type { PromptLedger, PromptLedgerEntry } from "@/lib/prompt/types.ts";
import { whereEntriesApply, type WorktreeLedgerScope } from "./ledger-scope.ts";

/** Closed entries named in the receipt as left out (dismissed, superseded, dropped, done): the newest this many. */
const MAX_CLOSED_NAMED = 40;

const ENTRY_FIELDS = { id: true, kind: true, text: true, scope: true, origin: true, status: true, messageId: true };

/**
 * What the ledger gives one prompt: the decisions in force and open tasks (confirmed by the user) and, apart,
 * what Arbor captured that the user has not confirmed yet, each newest first and at most `maxEntries` of each
 * loaded whole; the ids of the next few (named as left out) and a count of all the others; and the newest
 * closed entries, which the receipt names with why they were not carried. Bounded queries only, so the cost
 * follows the limit, not the size of the ledger.
 */
export async function loadPromptLedger(
  db: Db,
  input: { scope: WorktreeLedgerScope; maxEntries: number },
): Promise<PromptLedger> {
  const applies = whereEntriesApply(input.scope);
  const carried = { ...applies, status: { in: ["open", "proposed"] } };
  const nextOf = (status: string) =>
    db.ledgerEntry.findMany({
      where: { ...applies, status },
      select: { id: true },
      orderBy: { id: "desc" },
      skip: input.maxEntries,
      take: MAX_NAMED_LEFT_OUT,
    });
  const [confirmed, proposed, nextConfirmed, nextProposed, total, closed] = await Promise.all([
    db.ledgerEntry.findMany({
      where: { ...applies, status: "open" },
      select: ENTRY_FIELDS,
      orderBy: { id: "desc" },
      take: input.maxEntries,
    }),
    db.ledgerEntry.findMany({
      where: { ...applies, status: "proposed" },
      select: ENTRY_FIELDS,
      orderBy: { id: "desc" },
      take: input.maxEntries,
    }),
    nextOf("open"),
    nextOf("proposed"),
    db.ledgerEntry.count({ where: carried }),
    db.ledgerEntry.findMany({
      where: { ...applies, status: { notIn: ["open", "proposed"] } },
      select: { id: true, status: true },
      orderBy: { updatedAt: "desc" },
      take: MAX_CLOSED_NAMED,
    }),
  ]);
  const loadedCount = confirmed.length + proposed.length;
  return {
    entries: [...confirmed, ...proposed].map(toPromptEntry),
    // Confirmed ones first: they are named before proposals.
    notLoadedIds: [...nextConfirmed, ...nextProposed].map((row) => row.id).slice(0, MAX_NAMED_LEFT_OUT),
    notLoadedCount: Math.max(total - loadedCount, 0),
    closed: closed.map((row) => ({ id: row.id, status: row.status })),
  };
}

function toPromptEntry(row: {
  id: number;
  kind: string;
  text: string;
  scope: string;
  origin: string;
  status: string;
  messageId: number | null;
}): PromptLedgerEntry {
  return {
    id: row.id,
    kind: row.kind === "task" ? "task" : "decision",
    text: row.text,
    scope: row.scope === "node" || row.scope === "plan" || row.scope === "repo" ? row.scope : "worktree",
    origin: row.origin,
    isProposed: row.status === "proposed",
    messageId: row.messageId,
  };
}
