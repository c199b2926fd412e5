/**
 * Finds what reads as a decision or a task in a message, so that it reaches every later prompt whatever a
 * summarizer keeps: Arbor files each one as a proposal the user confirms or dismisses in one click. People
 * rarely type a command when they decide something; they write it ("After the discussion above, we agreed:
 * we will drop Node 18 support", "TODO: set up nightly backups", "Node 18 のサポートは打ち切ることにしました").
 * Pure, linear in the text (each pattern is a fixed phrase; no nested quantifiers).
 */

export interface CapturedStatement {
  kind: "decision" | "task";
  /** The statement as written, without its lead-in ("we agreed:") when it has one. */
  text: string;
}

/** How strict to be: a user's message proposes on any cue; an answer of Claude only on explicit ones. */
export type CaptureSource = "user" | "answer";

const MAX_PER_MESSAGE = 8;
const MIN_CHARS = 4;
const MAX_CHARS = 400;

interface Cue {
  kind: "decision" | "task";
  pattern: RegExp;
  /** Explicit enough to take from Claude's answers too. */
  isExplicit?: boolean;
}

const CUES: Cue[] = [
  // English decisions.
  { kind: "decision", pattern: /\bdecisions?\s*:/i, isExplicit: true },
  { kind: "decision", pattern: /\bdecided\s*:/i, isExplicit: true },
  {
    kind: "decision",
    pattern: /\bwe(?:'ve| have)?\s+(?:all\s+)?(?:agreed|decided|settled on|concluded|chose|picked|went with)\b/i,
    isExplicit: true,
  },
  { kind: "decision", pattern: /\bI(?:'ve| have)?\s+decided\b/i, isExplicit: true },
  { kind: "decision", pattern: /\b(?:it's|it is|that's|that is)\s+(?:decided|settled|final)\b/i, isExplicit: true },
  { kind: "decision", pattern: /\b(?:final|agreed)\s+(?:decision|answer|choice)\b/i, isExplicit: true },
  {
    kind: "decision",
    pattern:
      /\b(?:let's|let us|we'll|we will|we are going to|we're going to|we shall)\s+(?:go with|use|keep|drop|stick with|switch to|move to|adopt|standardi[sz]e on|require|support|store|ship|stop|no longer|not)\b/i,
  },
  { kind: "decision", pattern: /\b(?:going forward|from now on|from here on)\b/i },
  { kind: "decision", pattern: /\bthe\s+(?:plan|rule|policy|convention|choice)\s+(?:is|will be)\b/i },
  // English tasks.
  { kind: "task", pattern: /\bTODO\b|\bto-?do\s*:/, isExplicit: true },
  { kind: "task", pattern: /\baction items?\b/i, isExplicit: true },
  { kind: "task", pattern: /\bopen (?:task|item|point)s?\s*:/i, isExplicit: true },
  {
    kind: "task",
    pattern:
      /\b(?:add|put)\s+(?:this|it|that)?\s*(?:to|on)\s+(?:the|our|my)?\s*(?:open|todo|to-do|task|backlog)\s+list\b/i,
    isExplicit: true,
  },
  { kind: "task", pattern: /\b(?:next steps?|follow[- ]ups?)\s*:/i, isExplicit: true },
  { kind: "task", pattern: /\bnot (?:started|done|finished) yet\b/i },
  { kind: "task", pattern: /\b(?:remember|don't forget|do not forget)\s+to\b/i },
  { kind: "task", pattern: /\bwe (?:still |also )?(?:need|have|must) to\b/i },
  { kind: "task", pattern: /\bstill needs? to\b/i },
  {
    kind: "task",
    pattern:
      /\b(?:let's|let us|we should|we must|we'll need to|we will need to|someone should|somebody should)\s+(?:also\s+)?(?:add|write|fix|set up|remove|update|document|create|implement|investigate|benchmark|migrate|clean up|refactor|test|check|review|rename|translate|profile|upgrade)\b/i,
  },
  // Japanese decisions (決定、方針、〜にする…).
  { kind: "decision", pattern: /決定|決めました|決めた|決まり|決まった|方針|合意/, isExplicit: true },
  {
    kind: "decision",
    pattern: /ことにし(?:ます|た|ました)|ことになっ|ことにする|にしましょう|にしよう|を採用|で行きます|でいきます|結論/,
  },
  { kind: "decision", pattern: /に(?:する|します)[。！]?$/ },
  // Japanese tasks (TODO、やること…).
  { kind: "task", pattern: /やること|要対応|残タスク|宿題|未着手|タスク[:：]/, isExplicit: true },
  { kind: "task", pattern: /対応(?:する|します)|(?:して|やって)おく|忘れずに|あとで|後で|必要があ(?:る|ります)/ },
];

/** Lead-ins that say nothing themselves ("Okay, so we agreed: …"): trimmed when no colon marks the statement. */
const LEAD_IN = /^(?:ok(?:ay)?|so|also|alright|right|well|and|then|after (?:the|our) discussion(?: above)?)[,:]?\s+/i;

/**
 * The decisions and tasks a message states, in order, at most eight. A question is never one ("should we
 * drop Node 18?"), nor text inside code blocks or HTML comments (tags have their own path).
 */
export function captureStatements(text: string, source: CaptureSource = "user"): CapturedStatement[] {
  const found: CapturedStatement[] = [];
  const seen = new Set<string>();
  for (const sentence of splitSentences(stripNonProse(text))) {
    if (isQuestion(sentence)) continue;
    const cue = firstCue(sentence, source);
    if (!cue) continue;
    const statement = extractStatement(sentence, cue.index);
    if (statement.length < MIN_CHARS || statement.length > MAX_CHARS) continue;
    const key = normalizeStatement(statement);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ kind: cue.kind, text: statement });
    if (found.length === MAX_PER_MESSAGE) break;
  }
  return found;
}

/** Case, spacing and end punctuation do not make two statements different. */
export function normalizeStatement(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.。!！]+$/u, "")
    .trim();
}

function stripNonProse(text: string): string {
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, "\n")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "\n")
    .replace(/\[\[mock:[\s\S]*?\]\]/g, "\n");
}

/** Lines, then sentences: after . ! ? and a space before a capital or a digit, and after 。！？. */
function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const bulletless = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "");
    for (const part of bulletless.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])|(?<=[。！？])/u)) {
      const trimmed = part.trim();
      if (trimmed) sentences.push(trimmed);
    }
  }
  return sentences;
}

function isQuestion(sentence: string): boolean {
  return /[?？]\s*$/.test(sentence) || /(?:ですか|ますか|でしょうか|かな)[。]?\s*$/.test(sentence);
}

function firstCue(sentence: string, source: CaptureSource): { kind: "decision" | "task"; index: number } | null {
  let best: { kind: "decision" | "task"; index: number } | null = null;
  for (const cue of CUES) {
    if (source === "answer" && !cue.isExplicit) continue;
    const match = cue.pattern.exec(sentence);
    if (match && (best === null || match.index < best.index)) best = { kind: cue.kind, index: match.index };
  }
  return best;
}

/** After a colon that follows the cue ("we agreed: X" → X); else the sentence without a lead-in. */
function extractStatement(sentence: string, cueIndex: number): string {
  const colon = sentence.slice(cueIndex).search(/[:：]\s*\S/);
  const body = colon === -1 ? sentence.replace(LEAD_IN, "") : sentence.slice(cueIndex + colon + 1);
  return body
    .trim()
    .replace(/^["'「]|["'」]$/g, "")
    .replace(/[\s.。!！]+$/u, "")
    .trim();
}
