import type { Db } from "@/lib/db/client.ts";
import type { RepoPolicyView } from "./policy-views.ts";
import { describeWorkflowState } from "./workflow-state.ts";

/**
 * Extra context for a starting session: the repository's most recent undecided topics (so a
 * new session knows what is still open) and, after a compaction or a resume, where the work
 * stood. Null when there is nothing to say.
 */
export async function buildSessionStartContext(
  db: Db,
  input: { repoId: string; worktreePath: string; source: string; policy: RepoPolicyView },
): Promise<string | null> {
  const parts: string[] = [];
  if (input.policy.recorderEnabled && input.policy.sessionStartTopics > 0) {
    const topics = await db.topic.findMany({
      where: { repoId: input.repoId, status: "open" },
      orderBy: { updatedAt: "desc" },
      take: input.policy.sessionStartTopics,
    });
    if (topics.length) {
      parts.push(
        [
          "Open topics in this project (no decision yet; reuse their ids in the meta tag):",
          ...topics.map((topic) => `- ${topic.title} (id: ${topic.id})`),
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
