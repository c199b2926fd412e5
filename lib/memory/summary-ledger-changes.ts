import { z } from "zod";

const proposal = z.object({ text: z.string().max(4000), evidence: z.array(z.number().int()).max(50) });

const ledgerChangesSchema = z.object({
  decisions: z.array(proposal).max(50).default([]),
  tasks: z.array(proposal).max(50).default([]),
  done: z
    .array(z.object({ id: z.number().int(), evidence: z.array(z.number().int()).max(50) }))
    .max(50)
    .default([]),
});

export type LedgerChanges = z.infer<typeof ledgerChangesSchema>;

/**
 * The ledger changes a summarizer proposed (its `arbor-ledger` block), keeping only proposals whose
 * evidence names messages it was shown: new decisions and tasks, and tasks it believes done. Returns
 * what was kept and how many proposals were refused. Pure.
 */
export function readLedgerChanges(input: {
  json: string | null;
  shownMessageIds: ReadonlySet<number>;
  openTaskIds: ReadonlySet<number>;
}): { changes: LedgerChanges; refused: number; problem: string | null } {
  const empty: LedgerChanges = { decisions: [], tasks: [], done: [] };
  if (input.json === null || input.json.trim() === "") return { changes: empty, refused: 0, problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.json);
  } catch {
    return { changes: empty, refused: 0, problem: "its ledger block was not JSON" };
  }
  const checked = ledgerChangesSchema.safeParse(parsed);
  if (!checked.success) return { changes: empty, refused: 0, problem: "its ledger block did not have the asked shape" };
  const hasEvidence = (evidence: number[]) =>
    evidence.length > 0 && evidence.every((id) => input.shownMessageIds.has(id));
  const keep = <T extends { evidence: number[] }>(items: T[], extra: (item: T) => boolean = () => true) =>
    items.filter((item) => hasEvidence(item.evidence) && extra(item));
  const changes: LedgerChanges = {
    decisions: keep(checked.data.decisions, (item) => item.text.trim() !== ""),
    tasks: keep(checked.data.tasks, (item) => item.text.trim() !== ""),
    done: keep(checked.data.done, (item) => input.openTaskIds.has(item.id)),
  };
  const proposed = checked.data.decisions.length + checked.data.tasks.length + checked.data.done.length;
  const kept = changes.decisions.length + changes.tasks.length + changes.done.length;
  return { changes, refused: proposed - kept, problem: null };
}
