import type { SummaryLedgerItem } from "./summary-format.ts";

/** A decision or task a new summary should still hold: from the ledger, or a bullet of the previous summary. */
export interface SummaryItem {
  section: "Decisions" | "Open tasks";
  /** The bullet text as it will be put back. */
  text: string;
  /** The ledger entry it is about, when known. */
  ledgerId: number | null;
}

/** Marks a bullet Arbor put back; stripped again before matching, so it never compounds. */
export const REATTACHED_MARK = "_(kept by Arbor: the summary had left it out)_";

const LEDGER_REF = /\[L(\d+)\]/g;
const WORD = /[\p{L}\p{N}]+/gu;
/** Share of an item's words a bullet must have to count as the same item (a model rewords a little). */
const MATCH_SHARE = 0.8;

/**
 * What a new summary left out: every ledger entry in force it was shown (found by its `[L<id>]`, or by
 * its words), and every bullet of the previous summary's Decisions and Open tasks (by its ledger ids,
 * or by its words), except those about an entry that is closed now. Pure; linear in the texts' sizes
 * apart from the bullet-by-bullet word comparison.
 */
export function findDroppedItems(input: {
  markdown: string;
  previousMarkdown: string | null;
  ledger: { inForce: SummaryLedgerItem[]; closed: SummaryLedgerItem[] };
}): SummaryItem[] {
  const bullets = listBullets(input.markdown).map(describeBullet);
  const cited = new Set(bullets.flatMap((bullet) => bullet.refs));
  const closed = new Set(input.ledger.closed.map((item) => item.id));
  const inForce = new Set(input.ledger.inForce.map((item) => item.id));
  // A bullet that cites other entries is about those: its words do not stand in for this item.
  const isPresent = (words: Set<string>, refs: number[]) =>
    refs.some((ref) => cited.has(ref)) ||
    bullets.some(
      (bullet) =>
        (bullet.refs.length === 0 || bullet.refs.some((ref) => refs.includes(ref))) && isSameItem(words, bullet.words),
    );
  const dropped: SummaryItem[] = [];
  for (const item of input.ledger.inForce) {
    const words = wordsOf(item.text);
    if (!isPresent(words, [item.id])) {
      dropped.push({
        section: item.kind === "decision" ? "Decisions" : "Open tasks",
        text: `${item.text} [L${item.id}]`,
        ledgerId: item.id,
      });
    }
  }
  for (const section of ["Decisions", "Open tasks"] as const) {
    for (const line of listBullets(sectionOf(input.previousMarkdown ?? "", section))) {
      const bullet = describeBullet(line);
      if (bullet.words.size === 0 || isNoneBullet(bullet.text)) continue;
      if (bullet.refs.some((ref) => closed.has(ref))) continue;
      if (bullet.refs.some((ref) => inForce.has(ref))) continue; // checked above, as a ledger entry
      if (!isPresent(bullet.words, bullet.refs)) dropped.push({ section, text: bullet.text, ledgerId: null });
    }
  }
  return dropped;
}

/** Puts dropped items back at the end of their sections, marked, so the summary keeps its facts. */
export function reattachItems(markdown: string, items: SummaryItem[]): string {
  if (items.length === 0) return markdown;
  const lines = markdown.split("\n");
  for (const section of ["Decisions", "Open tasks"] as const) {
    const add = items.filter((item) => item.section === section).map((item) => `- ${item.text} ${REATTACHED_MARK}`);
    if (add.length === 0) continue;
    const heading = lines.findIndex((line) => line.trim().toLowerCase() === `## ${section.toLowerCase()}`);
    if (heading === -1) {
      lines.push("", `## ${section}`, ...add);
      continue;
    }
    let end = heading + 1;
    while (end < lines.length && !lines[end]!.startsWith("## ")) end += 1;
    while (end > heading + 1 && lines[end - 1]!.trim() === "") end -= 1;
    const kept = lines.slice(heading + 1, end).filter((line) => !isNoneBullet(line.replace(/^\s*[-*]\s*/, "")));
    lines.splice(heading + 1, end - heading - 1, ...kept, ...add);
  }
  return lines.join("\n");
}

/** The body of one `## Section` (up to the next level-2 heading), or "". */
export function sectionOf(markdown: string, section: string): string {
  const lines = markdown.split("\n");
  const heading = lines.findIndex((line) => line.trim().toLowerCase() === `## ${section.toLowerCase()}`);
  if (heading === -1) return "";
  const body: string[] = [];
  for (const line of lines.slice(heading + 1)) {
    if (line.startsWith("## ")) break;
    body.push(line);
  }
  return body.join("\n");
}

function listBullets(markdown: string): string[] {
  return markdown
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("- ") || line.startsWith("* "))
    .map((line) => line.slice(2).trim());
}

function describeBullet(text: string): { text: string; refs: number[]; words: Set<string> } {
  const clean = text.replace(REATTACHED_MARK, "").trim();
  return { text: clean, refs: [...clean.matchAll(LEDGER_REF)].map((match) => Number(match[1])), words: wordsOf(clean) };
}

function wordsOf(text: string): Set<string> {
  // Numbers count whatever their length: "25 MB" and "50 MB" are different decisions.
  return new Set(
    (text.replace(LEDGER_REF, " ").toLowerCase().match(WORD) ?? []).filter(
      (word) => word.length > 1 || /\p{N}/u.test(word),
    ),
  );
}

function isSameItem(item: Set<string>, bullet: Set<string>): boolean {
  if (item.size === 0) return false;
  let shared = 0;
  for (const word of item) {
    if (bullet.has(word)) shared += 1;
    // A number is the fact itself ("25 MB" is not "50 MB"): a bullet without it is another item.
    else if (/\p{N}/u.test(word)) return false;
  }
  return shared / item.size >= MATCH_SHARE;
}

function isNoneBullet(text: string): boolean {
  const lower = text.trim().toLowerCase();
  return lower === "none" || lower === "(none)" || lower === "(none found)" || lower === "";
}
