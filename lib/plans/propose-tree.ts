import { runInternalTurn } from "@/lib/agent/run-internal-turn.ts";
import type { Db } from "@/lib/db/client.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { validateDesignTree } from "@/lib/design/validate-tree.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import { designTreeSchema } from "./plan-types.ts";
import { getPlanOrThrow } from "./plans-store.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * Wizard option C: `claude -p` proposes a design tree as JSON from the plan and the linked
 * conversation's summary. The proposal is only returned for review in the editor; an answer
 * that is not valid JSON or not a valid tree is reported, never saved.
 */
export async function proposeTreeFromConversation(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { planId: string; sessionId?: string },
): Promise<DesignTree> {
  const plan = await getPlanOrThrow(db, input.planId);
  const session = input.sessionId ? await db.chatSession.findUnique({ where: { id: input.sessionId } }) : null;
  const summary = session
    ? await db.chatSummary.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } })
    : null;
  const settings = await readSettings(db);
  const prompt = [
    "Propose a design tree of tasks (each task becomes a git branch) for the plan below.",
    'Answer with JSON only, no prose: {"nodes":[{"slug":"kebab-case","title":"…","description":"…","status":"planned"}],"edges":[{"parent":"slug","child":"slug"}]}.',
    "Slugs: lowercase letters, digits and '-', unique. Each node has at most one parent; roots have none.",
    "",
    `# Plan: ${plan.title}`,
    `Goal: ${plan.goal || "(none)"}`,
    "",
    plan.bodyMarkdown,
    "",
    "# Conversation summary",
    summary?.summaryMarkdown ?? "(no summary yet)",
  ].join("\n");
  const outcome = await runInternalTurn({
    claude: await resolveClaudeCommand({ db, worktreeIndex }, settings),
    model: settings.model,
    prompt,
    timeoutMs: settings.summaryTimeoutSeconds * 1000,
  });
  if (outcome.status !== "success")
    throw new AppError("claude_failed", `Claude could not propose a tree: ${outcome.userMessage}`);
  return parseProposedTree(outcome.text || outcome.result?.text || "");
}

/** Extracts and validates the JSON tree from a model answer (a ```json fence is allowed). */
export function parseProposedTree(answer: string): DesignTree {
  const text = (firstFencedBlock(answer) ?? answer).trim();
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  let value: unknown;
  try {
    value = JSON.parse(start >= 0 && end > start ? text.slice(start, end + 1) : text);
  } catch (error) {
    throw new AppError(
      "claude_failed",
      `Claude's proposal is not valid JSON (${(error as Error).message}). Nothing was saved; try again or build the tree by hand.`,
    );
  }
  const parsed = designTreeSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(
      "claude_failed",
      `Claude's proposal is not a design tree (${parsed.error.issues[0]?.message ?? "wrong shape"}). Nothing was saved.`,
    );
  }
  try {
    validateDesignTree(parsed.data);
  } catch (error) {
    if (isAppError(error))
      throw new AppError("claude_failed", `Claude's proposal is not a valid tree: ${error.message} Nothing was saved.`);
    throw error;
  }
  return parsed.data;
}

/** The body of the first ``` fence (its info string, e.g. `json`, dropped); linear, no regex backtracking. */
function firstFencedBlock(answer: string): string | null {
  const open = answer.indexOf("```");
  if (open === -1) return null;
  const close = answer.indexOf("```", open + 3);
  if (close === -1) return null;
  const body = answer.slice(open + 3, close);
  return body.startsWith("json") ? body.slice(4) : body;
}
