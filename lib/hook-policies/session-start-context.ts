import type { Db } from "@/lib/db/client.ts";
import { resolveWorktreeScope } from "@/lib/ledger/ledger-scope.ts";
import { loadPromptLedger } from "@/lib/ledger/load-prompt-ledger.ts";
import { fitLedgerEntries, formatLedgerBlock } from "@/lib/prompt/format-ledger.ts";
import { toOneLine } from "@/lib/prompt/format-markdown.ts";
import type { RepoPolicyView } from "./policy-views.ts";
import { describeWorkflowState } from "./workflow-state.ts";

/** Claude Code caps a hook's output at 10,000 characters: the ledger keeps to this share of it. */
const LEDGER_CONTEXT_CHARS = 6_000;
const LEDGER_CONTEXT_ENTRIES = 60;

/**
 * Extra context for a starting session: the worktree's ledger (the decisions in force and open tasks
 * the chat's prompts carry too, so a terminal session and Arbor share one memory), the repository's
 * recent topics with their ids for the meta tag (decided ones too: a decision no longer hides its
 * topic) and, after a compaction or a resume, where the work stood. Null when there is nothing to say.
 */
export async function buildSessionStartContext(
  db: Db,
  input: { repoId: string; worktreePath: string; source: string; policy: RepoPolicyView; branch?: string | null },
): Promise<string | null> {
  const parts: string[] = [];
  const scope = await resolveWorktreeScope(db, {
    repoId: input.repoId,
    worktreePath: input.worktreePath,
    branch: input.branch ?? null,
  });
  const ledger = await loadPromptLedger(db, { scope, maxEntries: LEDGER_CONTEXT_ENTRIES });
  if (ledger.entries.length > 0) {
    const fitted = fitLedgerEntries({ entries: ledger.entries, maxChars: LEDGER_CONTEXT_CHARS });
    parts.push(
      formatLedgerBlock({
        included: fitted.included,
        leftOutIds: [...fitted.leftOutIds, ...ledger.notLoadedIds],
        leftOutCount: fitted.leftOutIds.length + ledger.notLoadedCount,
      }).join("\n"),
    );
  }
  if (input.policy.recorderEnabled && input.policy.sessionStartTopics > 0) {
    const topics = await db.topic.findMany({
      where: { repoId: input.repoId },
      orderBy: [{ status: "desc" }, { updatedAt: "desc" }],
      take: input.policy.sessionStartTopics,
    });
    if (topics.length) {
      parts.push(
        [
          "Recent topics in this project (reuse their ids in the meta tag; open ones have no decision yet):",
          ...topics.map((topic) => `- ${toOneLine(topic.title)} (id: ${topic.id}, ${topic.status})`),
        ].join("\n"),
      );
    }
  }
  if (input.policy.stateRestoreEnabled && (input.source === "compact" || input.source === "resume")) {
    const state = await describeWorkflowState(db, { worktreePath: input.worktreePath });
    if (state) parts.push(`Where the work stood before this ${input.source}: ${state}`);
  }
  return parts.length ? parts.join("\n\n") : null;
}
