import { parseDecisionLines, stripMetaTags } from "@/lib/hook-events/meta-tag.ts";

/**
 * An answer as the chat shows it: the recorder's hidden `<!-- [meta] … -->` and `<!-- [decision] … -->`
 * tags removed (Markdown shows HTML comments as text), and, while the answer streams, a tag that has
 * begun but not yet closed. Linear: plain string searches, no regular expression over the answer.
 */
export function stripAnswerTags(text: string): string {
  const stripped = stripMetaTags(text);
  const open = stripped.lastIndexOf("<!--");
  if (open === -1 || stripped.indexOf("-->", open) !== -1) return stripped;
  const rest = stripped.slice(open + 4).trimStart();
  const isTagStart = ["[meta]", "[decision]"].some((marker) => rest.startsWith(marker) || marker.startsWith(rest));
  return isTagStart ? stripped.slice(0, open).trimEnd() : stripped;
}

/** The decisions an answer recorded with its tags (shown under the answer, since the tags are hidden). */
export function listAnswerDecisions(text: string): string[] {
  return parseDecisionLines(text).map((decision) => decision.text);
}
