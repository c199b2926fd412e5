import type { Db } from "@/lib/db/client.ts";
import { changeLedgerEntry } from "@/lib/ledger/change-entry.ts";
import { createLedgerEntry } from "@/lib/ledger/create-entry.ts";
import type { LedgerChanges } from "./summary-ledger-changes.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * Records what a summarizer proposed, each with its evidence: new decisions and tasks of the worktree as
 * proposals (not when an entry in force or proposed already says the same), and tasks marked done (the
 * user sees the evidence in the panel and can undo it). Returns the ids created and closed.
 */
export async function applyLedgerChanges(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    changes: LedgerChanges;
    summaryId: number;
    session: { id: string; repoId: string; worktreePath: string };
  },
): Promise<{ createdIds: number[]; closed: Array<{ id: number; evidence: number[] }> }> {
  const { session } = input;
  const open = await db.ledgerEntry.findMany({
    where: { repoId: session.repoId, status: { in: ["open", "proposed"] } },
    select: { text: true },
  });
  const known = new Set(open.map((entry) => normalize(entry.text)));
  const createdIds: number[] = [];
  const proposals = [
    ...input.changes.decisions.map((item, index) => ({ ...item, kind: "decision" as const, index })),
    ...input.changes.tasks.map((item, index) => ({ ...item, kind: "task" as const, index })),
  ];
  for (const proposal of proposals) {
    if (known.has(normalize(proposal.text))) continue;
    known.add(normalize(proposal.text));
    const result = await createLedgerEntry(
      { db, hub },
      {
        repoId: session.repoId,
        kind: proposal.kind,
        text: proposal.text.slice(0, 2000),
        scope: "worktree",
        worktreePath: session.worktreePath,
        origin: "model",
        via: "summary",
        actor: "model",
        sessionId: session.id,
        messageId: Math.min(...proposal.evidence),
        evidence: proposal.evidence,
        note: `Proposed by Claude's summary #${input.summaryId}.`,
        originKey: `summary:${input.summaryId}:${proposal.kind}:${proposal.index}`,
      },
    ).catch((error: unknown) => {
      console.warn(`[arbor] a summary's ${proposal.kind} was not recorded: ${(error as Error).message}`);
      return null;
    });
    if (result?.isNew) createdIds.push(result.entry.id);
  }
  const closed: Array<{ id: number; evidence: number[] }> = [];
  for (const done of input.changes.done) {
    const changed = await changeLedgerEntry(
      { db, hub },
      {
        entryId: done.id,
        action: { type: "close", status: "done" },
        actor: "model",
        repoId: session.repoId,
        evidence: done.evidence,
        note: `Claude's summary #${input.summaryId} reported it done.`,
      },
    ).catch(() => null);
    if (changed) closed.push({ id: done.id, evidence: done.evidence });
  }
  return { createdIds, closed };
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}
