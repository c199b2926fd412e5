import { findHtmlComments, type ScanStats } from "./html-comments.ts";

/** The hidden tag Claude is asked to end every answer with. */
export interface MetaTag {
  projectName: string;
  projectId: string;
  topicTitle: string;
  topicId: number | null;
}

/** A tag body longer than this is not a tag (real ones are one short line). */
const MAX_TAG_CHARS = 2_000;
/** The meta tag ends an answer: only the end of a long answer is searched for it. */
const META_SCAN_CHARS = 64 * 1024;
/** Decisions may appear anywhere, but an answer is not read past this. */
const DECISION_SCAN_CHARS = 1024 * 1024;

/**
 * The last meta tag in an answer, or null. A topic id that is not a number means "new topic".
 * Linear in the text's length (see findHtmlComments); only the last 64 KiB are searched.
 */
export function parseMetaTag(text: string, stats?: ScanStats): MetaTag | null {
  const tail = text.length > META_SCAN_CHARS ? text.slice(-META_SCAN_CHARS) : text;
  const comments = findHtmlComments(tail, { maxBodyChars: MAX_TAG_CHARS, ...(stats ? { stats } : {}) });
  for (let index = comments.length - 1; index >= 0; index -= 1) {
    const tag = parseMetaBody(comments[index]!.body);
    if (tag) return tag;
  }
  return null;
}

/**
 * Decisions an answer records: `<!-- [decision] topic: M | the decision -->` (M may be "current"), or
 * `<!-- [decision] the decision -->` (no topic: Arbor's own prompts ask for this form).
 */
export function parseDecisionLines(text: string, stats?: ScanStats): Array<{ topicId: number | null; text: string }> {
  const head = text.slice(0, DECISION_SCAN_CHARS);
  return findHtmlComments(head, { maxBodyChars: MAX_TAG_CHARS, ...(stats ? { stats } : {}) })
    .map((comment) => parseDecisionBody(comment.body))
    .filter((decision): decision is { topicId: number | null; text: string } => decision !== null);
}

/** The answer without its meta and decision tags (for the chat, logs and summaries). */
export function stripMetaTags(text: string): string {
  const head = text.slice(0, DECISION_SCAN_CHARS);
  let result = "";
  let position = 0;
  for (const comment of findHtmlComments(head, { maxBodyChars: MAX_TAG_CHARS })) {
    if (!parseMetaBody(comment.body) && !parseDecisionBody(comment.body)) continue;
    result += head.slice(position, comment.start);
    position = comment.end;
  }
  return (result + text.slice(position)).trim();
}

/** `[meta] project: NAME (id: ID) | topic: TITLE (id: M)`, parsed with plain string scans. */
function parseMetaBody(body: string): MetaTag | null {
  const rest = afterMarker(body, "[meta]");
  if (rest === null) return null;
  const bar = rest.lastIndexOf("|");
  if (bar === -1) return null;
  const project = labelledWithId(rest.slice(0, bar), "project:");
  const topic = labelledWithId(rest.slice(bar + 1), "topic:");
  if (!project || !topic) return null;
  return {
    projectName: project.label,
    projectId: project.id,
    topicTitle: topic.label.slice(0, 200),
    topicId: /^\d+$/.test(topic.id) ? Number(topic.id) : null,
  };
}

/** `[decision] topic: M | the decision`, or `[decision] the decision`. */
function parseDecisionBody(body: string): { topicId: number | null; text: string } | null {
  const rest = afterMarker(body, "[decision]");
  if (rest === null) return null;
  const trimmed = rest.trim();
  if (!trimmed.startsWith("topic:")) return trimmed ? { topicId: null, text: trimmed } : null;
  const bar = trimmed.indexOf("|");
  if (bar === -1) return null;
  const topic = trimmed.slice("topic:".length, bar).trim();
  const decision = trimmed.slice(bar + 1).trim();
  if (!decision) return null;
  return { topicId: /^\d+$/.test(topic) ? Number(topic) : null, text: decision };
}

function afterMarker(body: string, marker: string): string | null {
  const trimmed = body.trim();
  return trimmed.startsWith(marker) ? trimmed.slice(marker.length) : null;
}

/** `<label>: NAME (id: ID)` → { label: NAME, id: ID }. */
function labelledWithId(part: string, label: string): { label: string; id: string } | null {
  const trimmed = part.trim();
  if (!trimmed.startsWith(label) || !trimmed.endsWith(")")) return null;
  const open = trimmed.lastIndexOf("(id:");
  if (open === -1) return null;
  return {
    label: trimmed.slice(label.length, open).trim(),
    id: trimmed.slice(open + "(id:".length, -1).trim(),
  };
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
