import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { loadConversationLedger } from "@/lib/ledger/conversation-ledger.ts";
import { sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { getCachedEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import { applyLedgerChanges } from "./apply-ledger-changes.ts";
import { nextCoveredUntil } from "./plan-purge.ts";
import { postNote } from "./post-note.ts";
import { findDroppedItems, reattachItems, type SummaryItem } from "./summary-check.ts";
import type { SummarySource } from "./summary-format.ts";
import { readLedgerChanges } from "./summary-ledger-changes.ts";
import { toSummaryView, type SummaryView } from "./summary-view.ts";
import { writeSummary, type WrittenSummary } from "./write-summary.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { findMemorySummary } from "./memory-summary.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * Summarizes the messages after the last summary's covered-until id (up to `throughMessageId`, or
 * all of them) together with that summary (rolling) and this conversation's ledger, and stores the
 * result with the new covered-until id. Then checks it: every ledger entry in force and every
 * decision or task of the previous summary must still be in it; if the model dropped some, it is
 * asked once more, and what is still missing is put back by Arbor, marked, with a visible note.
 * The model's proposed ledger changes (with evidence) are recorded. Messages are only read.
 */
export async function summarizeSession(
  {
    db,
    hub,
    worktreeIndex,
    settingsCache,
  }: { db: Db; hub: EventHub; worktreeIndex: WorktreeIndex; settingsCache: SettingsCache },
  input: { sessionId: string; throughMessageId?: number },
): Promise<SummaryView> {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  const previous = await findMemorySummary(db, session.id);
  const messages = await db.chatMessage.findMany({
    where: {
      sessionId: session.id,
      id: {
        gt: previous?.coveredUntilMessageId ?? 0,
        ...(input.throughMessageId ? { lte: input.throughMessageId } : {}),
      },
      role: { in: ["user", "assistant"] },
      status: { notIn: ["streaming"] },
      NOT: { content: "" },
    },
    orderBy: { id: "asc" },
  });
  if (messages.length === 0) {
    throw new AppError("conflict", "Nothing new to summarize: every message is already covered by the latest summary.");
  }
  const settings = await getCachedEffectiveSettings({ db, settingsCache }, session.repoId);
  const claude = await resolveClaudeCommand({ db, worktreeIndex }, settings);
  const ledger = await loadConversationLedger(db, {
    sessionId: session.id,
    repoId: session.repoId,
    previousMarkdown: previous?.summaryMarkdown ?? null,
  });
  const source: SummarySource = { previousSummary: previous?.summaryMarkdown ?? null, messages, ledger };
  const check = (written: WrittenSummary) =>
    findDroppedItems({ markdown: written.markdown, previousMarkdown: source.previousSummary, ledger });
  let written = await writeSummary({ source, settings, claude });
  const firstDropped = check(written);
  let dropped = firstDropped;
  if (dropped.length > 0 && written.kind === "model") {
    const second = await writeSummary({
      source: { ...source, leftOut: dropped.map((item) => item.text) },
      settings,
      claude,
    });
    const secondDropped = second.kind === "model" ? check(second) : null;
    if (secondDropped !== null && secondDropped.length <= dropped.length) {
      written = second;
      dropped = secondDropped;
    }
  }
  const isRetried = firstDropped.length > 0 && written.kind === "model";
  const summary = await db.chatSummary.create({
    data: {
      sessionId: session.id,
      summaryMarkdown: reattachItems(written.markdown, dropped),
      coveredUntilMessageId: nextCoveredUntil({
        previous: previous?.coveredUntilMessageId ?? null,
        coveredIds: messages.map((m) => m.id),
      }),
      kind: written.kind,
      note: written.note,
      messageCount: (previous?.messageCount ?? 0) + messages.length,
      checkStatus: firstDropped.length === 0 ? "passed" : dropped.length === 0 ? "retried" : "reattached",
      checkNote: describeCheck({ firstDropped, dropped, isRetried }),
    },
  });
  const extracted = readLedgerChanges({
    json: written.ledgerJson,
    shownMessageIds: new Set(messages.map((message) => message.id)),
    openTaskIds: new Set(ledger.inForce.filter((item) => item.kind === "task").map((item) => item.id)),
  });
  const applied = await applyLedgerChanges({ db, hub }, { changes: extracted.changes, summaryId: summary.id, session });
  await noteWhatChanged({ db, hub }, { sessionId: session.id, summaryId: summary.id, dropped, applied });
  hub.publish(sessionTopic(session.id), { type: "invalidate", queryKey: queryKeys.summary(session.id) });
  return toSummaryView(summary);
}

function describeCheck(input: {
  firstDropped: SummaryItem[];
  dropped: SummaryItem[];
  isRetried: boolean;
}): string | null {
  if (input.firstDropped.length === 0) return null;
  const first = `The summary left out ${count(input.firstDropped.length, "decision or task", "decisions or tasks")}`;
  if (input.dropped.length === 0) return `${first}; asked again, the model kept them all.`;
  const again = input.isRetried ? `; asked again, it still left out ${input.dropped.length}` : "";
  return `${first}${again}. Arbor put back, marked: ${input.dropped.map(label).join("; ")}.`;
}

async function noteWhatChanged(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    sessionId: string;
    summaryId: number;
    dropped: SummaryItem[];
    applied: { createdIds: number[]; closed: Array<{ id: number; evidence: number[] }> };
  },
): Promise<void> {
  const parts: string[] = [];
  if (input.dropped.length > 0) {
    parts.push(
      `Summary #${input.summaryId} left out ${count(input.dropped.length, "decision or task", "decisions or tasks")}; Arbor put ${input.dropped.length === 1 ? "it" : "them"} back (${input.dropped.map(label).join("; ")}).`,
    );
  }
  for (const closed of input.applied.closed) {
    parts.push(
      `Claude's summary #${input.summaryId} marked task L${closed.id} done (evidence ${closed.evidence.map((id) => `#${id}`).join(", ")}); reopen it in Decisions & tasks if that is wrong.`,
    );
  }
  if (input.applied.createdIds.length > 0) {
    parts.push(
      `Claude's summary #${input.summaryId} recorded ${input.applied.createdIds.map((id) => `L${id}`).join(", ")} in Decisions & tasks.`,
    );
  }
  if (parts.length) await postNote({ db, hub }, input.sessionId, parts.join(" "));
}

function label(item: SummaryItem): string {
  const text = item.text.length > 60 ? `${item.text.slice(0, 59)}…` : item.text;
  return item.ledgerId !== null ? `L${item.ledgerId}` : `"${text}"`;
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}
