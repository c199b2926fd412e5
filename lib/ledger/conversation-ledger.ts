import type { Db } from "@/lib/db/client.ts";

export interface ConversationLedgerItem {
  id: number;
  kind: "decision" | "task";
  text: string;
  status: string;
}

const LEDGER_REF = /\[L(\d+)\]/g;
const MAX_ITEMS = 200;

/**
 * The ledger entries a conversation's summary must keep: those recorded or captured from this conversation
 * and those its previous summary cites, in force or proposed (a proposal the user has not answered yet is
 * kept too); and the cited ones closed or dismissed since (which it may drop).
 */
export async function loadConversationLedger(
  db: Db,
  input: { sessionId: string; repoId: string; previousMarkdown: string | null },
): Promise<{ inForce: ConversationLedgerItem[]; closed: ConversationLedgerItem[] }> {
  const cited = [...new Set([...(input.previousMarkdown ?? "").matchAll(LEDGER_REF)].map((match) => Number(match[1])))];
  const rows = await db.ledgerEntry.findMany({
    where: {
      repoId: input.repoId,
      OR: [
        { sessionId: input.sessionId, status: { in: ["open", "proposed"] } },
        ...(cited.length ? [{ id: { in: cited } }] : []),
      ],
    },
    select: { id: true, kind: true, text: true, status: true },
    orderBy: { id: "asc" },
    take: MAX_ITEMS,
  });
  const items = rows.map((row) => ({ ...row, kind: row.kind === "task" ? ("task" as const) : ("decision" as const) }));
  return {
    inForce: items.filter((item) => item.status === "open" || item.status === "proposed"),
    closed: items.filter((item) => item.status !== "open" && item.status !== "proposed"),
  };
}
