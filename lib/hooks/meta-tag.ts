/** The hidden tag Claude is asked to end every answer with. */
export interface MetaTag {
  projectName: string;
  projectId: string;
  topicTitle: string;
  topicId: number | null;
}

const TAG =
  /<!--\s*\[meta\]\s*project:\s*(.*?)\s*\(id:\s*([^)]*?)\s*\)\s*\|\s*topic:\s*(.*?)\s*\(id:\s*([^)]*?)\s*\)\s*-->/g;

/** The last meta tag in an answer, or null. A topic id that is not a number means "new topic". */
export function parseMetaTag(text: string): MetaTag | null {
  const last = [...text.matchAll(TAG)].at(-1);
  if (!last) return null;
  const topicId = /^\d+$/.test(last[4] ?? "") ? Number(last[4]) : null;
  return { projectName: last[1] ?? "", projectId: last[2] ?? "", topicTitle: (last[3] ?? "").slice(0, 200), topicId };
}

const DECISION = /<!--\s*\[decision\]\s*topic:\s*([^|]*?)\s*\|\s*([\s\S]*?)\s*-->/g;

/** Decisions an answer records: `<!-- [decision] topic: M | the decision -->` (M may be "current"). */
export function parseDecisionLines(text: string): Array<{ topicId: number | null; text: string }> {
  return [...text.matchAll(DECISION)]
    .map((match) => ({
      topicId: /^\d+$/.test(match[1] ?? "") ? Number(match[1]) : null,
      text: (match[2] ?? "").trim(),
    }))
    .filter((decision) => decision.text.length > 0);
}

/** The answer without its meta tags (for logs and summaries). */
export function stripMetaTags(text: string): string {
  return text.replace(TAG, "").replace(DECISION, "").trim();
}

/** The rules file Arbor installs in a worktree's `.claude/rules/` for the conversation recorder. */
export function buildRecorderRules(input: { projectName: string; projectId: string }): string {
  const example = `<!-- [meta] project: ${input.projectName} (id: ${input.projectId}) | topic: TITLE (id: M) -->`;
  return [
    "# Conversation recorder (installed by Arbor)",
    "",
    "End EVERY answer with this hidden tag on its own line, as the very last line:",
    "",
    `    ${example}`,
    "",
    "- TITLE is a short title of the subject being discussed; M is its topic id.",
    "- Keep the same topic id while the subject stays the same. When the subject changes, switch to the id of the",
    "  matching open topic listed at session start, or write `new` as the id for a new topic (Arbor assigns one).",
    "- Never omit the tag, even for short answers.",
    "- When a decision is reached on a topic, record it in your answer with:",
    "",
    "    <!-- [decision] topic: M | the decision in one sentence -->",
    "",
  ].join("\n");
}
