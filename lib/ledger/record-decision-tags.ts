import type { Db } from "@/lib/db/client.ts";
import { parseDecisionLines } from "@/lib/hook-events/meta-tag.ts";
import { createLedgerEntry } from "./create-entry.ts";
import type { LedgerEntryView } from "./ledger-types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * The `<!-- [decision] … -->` tags of one answer become decisions of the worktree's ledger, each
 * stored once (`originKey` + its position), with where it came from. Arbor's own runs record them
 * from the stored answer; the recorder records those of other Claude sessions from their Stop hook.
 * `topicFor` maps a tag's topic id to a topic of the repository (null: none).
 */
export async function recordDecisionTags(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    answer: string;
    repoId: string;
    worktreePath: string;
    originKey: string;
    origin: "tag" | "recorder";
    sessionId?: string | null;
    messageId?: number | null;
    runId?: string | null;
    hookEventId?: number | null;
    claudeSessionId?: string | null;
    topicFor?: (topicId: number | null) => Promise<number | null>;
  },
): Promise<LedgerEntryView[]> {
  const recorded: LedgerEntryView[] = [];
  const tags = parseDecisionLines(input.answer);
  for (const [index, tag] of tags.entries()) {
    const topicId = input.topicFor ? await input.topicFor(tag.topicId) : null;
    const { entry, isNew } = await createLedgerEntry(
      { db, hub },
      {
        repoId: input.repoId,
        kind: "decision",
        text: tag.text,
        scope: "worktree",
        worktreePath: input.worktreePath,
        origin: input.origin,
        via: input.origin === "tag" ? "answer" : "hook",
        actor: input.origin === "tag" ? "model" : "recorder",
        sessionId: input.sessionId ?? null,
        messageId: input.messageId ?? null,
        runId: input.runId ?? null,
        hookEventId: input.hookEventId ?? null,
        claudeSessionId: input.claudeSessionId ?? null,
        topicId,
        originKey: `${input.originKey}:decision:${index}`,
      },
    ).catch((error: unknown) => {
      // One bad tag (empty, too long) must not lose the others.
      console.warn(`[arbor] a decision tag was not recorded: ${(error as Error).message}`);
      return { entry: null, isNew: false };
    });
    if (entry && isNew) recorded.push(entry);
  }
  return recorded;
}
