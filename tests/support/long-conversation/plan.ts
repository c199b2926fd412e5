/**
 * The scripted long conversation (150 sends, 20 decisions, 10 tasks) that measures whether everything
 * decided and every open task reaches the next prompt. Pure data: the test drives it through the API
 * and the mock model answers from it. Every item carries a code (D01…D20, T01…T10) so its presence in
 * a prompt is a plain string search.
 */

export type ItemKind = "decision" | "task";

/**
 * How an item enters Arbor: the composer's /decide or /todo, marking a whole message or a selection
 * as a decision or task, a `<!-- [decision] … -->` tag in Claude's answer, or a decision recorded by
 * the recorder's hooks in a terminal session on the same worktree.
 */
export type ItemChannel = "command" | "mark-message" | "mark-selection" | "answer-tag" | "terminal" | "plain";

export interface PlanItem {
  code: string;
  kind: ItemKind;
  /** `<code>: <what was decided or what is to do>`. */
  text: string;
  channel: ItemChannel;
  /** The send after which the item exists (1-based); it must reach every later prompt while in force. */
  step: number;
  /** The send after which the user closed (task done) or superseded (decision) it. */
  closedAfterStep?: number;
  /** The decision this one replaces (closed at the same step). */
  replaces?: string;
}

export interface PlanStep {
  /** 1-based. */
  index: number;
  /** What the user sends (starts with `S<index>`, which the mock model reads). */
  message: string;
  /** What the mock model answers. */
  answer: string;
}

export interface ConversationPlan {
  steps: PlanStep[];
  items: PlanItem[];
  /** Sends after which the user clicks "Confirm all" on the proposals Arbor captured (plain plans). */
  confirmAfterSteps?: number[];
}

export const DECISIONS = [
  "sessions are stored in SQLite with WAL",
  "the API speaks JSON only, no XML",
  "dates are stored in UTC and shown in local time",
  "errors go through one AppError type",
  "the upload limit is 25 MB",
  "retries use exponential backoff capped at 30 s",
  "feature flags live in the settings table",
  "logs are structured JSON lines",
  "the CLI is started without a shell",
  "tests never sleep; they wait for events",
  "passwords are hashed with argon2id",
  "the cache is an in-process LRU of 500 entries",
  "background jobs run one per worktree",
  "the UI uses the shared Button primitive",
  "migrations are committed SQL",
  "the search index is FTS5",
  "exports are Markdown files",
  "time zones come from the browser",
  "the theme follows the system setting",
  "the upload limit is 50 MB",
];

export const TASKS = [
  "write the migration guide",
  "add a retry button to failed uploads",
  "benchmark the search index with 1M rows",
  "remove the old XML endpoint",
  "add keyboard shortcuts to the composer",
  "document the settings table",
  "add retries to the uploader",
  "translate the error messages",
  "add a health check for the queue",
  "profile the export of long chats",
];

/** Channel and step of each decision, in code order (D01…D20). */
export const DECISION_PLAN: Array<{ channel: ItemChannel; step: number }> = [
  { channel: "command", step: 4 },
  { channel: "mark-message", step: 9 },
  { channel: "answer-tag", step: 14 },
  { channel: "terminal", step: 19 },
  { channel: "mark-selection", step: 24 },
  { channel: "command", step: 31 },
  { channel: "answer-tag", step: 37 },
  { channel: "mark-message", step: 44 },
  { channel: "terminal", step: 52 },
  { channel: "answer-tag", step: 58 },
  { channel: "mark-selection", step: 65 },
  { channel: "command", step: 73 },
  { channel: "answer-tag", step: 81 },
  { channel: "mark-message", step: 89 },
  { channel: "terminal", step: 97 },
  { channel: "command", step: 104 },
  { channel: "answer-tag", step: 112 },
  { channel: "mark-selection", step: 121 },
  { channel: "mark-message", step: 129 },
  // Supersedes D05 (the upload limit) at the same step.
  { channel: "command", step: 137 },
];

export const TASK_PLAN: Array<{ channel: ItemChannel; step: number; closedAfterStep?: number }> = [
  { channel: "command", step: 6, closedAfterStep: 70 },
  { channel: "mark-message", step: 16 },
  { channel: "mark-selection", step: 27 },
  { channel: "command", step: 41 },
  { channel: "mark-message", step: 55, closedAfterStep: 110 },
  { channel: "mark-selection", step: 68 },
  { channel: "command", step: 86 },
  { channel: "mark-message", step: 100 },
  { channel: "mark-selection", step: 117 },
  { channel: "command", step: 133 },
];

export const SEND_COUNT = 150;

export const code = (prefix: string, index: number) => `${prefix}${String(index + 1).padStart(2, "0")}`;
export const stepLabel = (index: number) => `S${String(index).padStart(3, "0")}`;
export const FILLER = "The details are in the diff; nothing else changes in this turn.";

/** The whole conversation: items first, then one user message and one answer per send. */
export function buildConversationPlan(): ConversationPlan {
  const items: PlanItem[] = [
    ...DECISION_PLAN.map((entry, index) => ({
      code: code("D", index),
      kind: "decision" as const,
      text: `${code("D", index)}: ${DECISIONS[index]}`,
      ...entry,
    })),
    ...TASK_PLAN.map((entry, index) => ({
      code: code("T", index),
      kind: "task" as const,
      text: `${code("T", index)}: ${TASKS[index]}`,
      ...entry,
    })),
  ];
  const replacement = items.find((item) => item.code === "D20")!;
  replacement.replaces = "D05";
  items.find((item) => item.code === "D05")!.closedAfterStep = replacement.step;
  const steps: PlanStep[] = [];
  for (let index = 1; index <= SEND_COUNT; index += 1) {
    const introduced = items.filter((item) => item.step === index);
    const closed = items.filter((item) => item.closedAfterStep === index && item.kind === "task");
    steps.push({
      index,
      message: [
        `${stepLabel(index)} Let us continue with part ${index} of the work.`,
        ...introduced.map(describeInUserMessage).filter((line) => line !== ""),
        ...closed.map((item) => `${item.code} is finished.`),
        FILLER,
      ].join(" "),
      answer: [
        `Answer ${index}: working on part ${index}.`,
        ...introduced.map(describeInAnswer).filter((line) => line !== ""),
        "I kept the change small.",
      ].join(" "),
    });
  }
  return { steps, items };
}

function describeInUserMessage(item: PlanItem): string {
  switch (item.channel) {
    case "command":
      return `${item.kind === "decision" ? "Decision" : "To do"} ${item.text}${item.replaces ? ` (this replaces ${item.replaces})` : ""}.`;
    case "mark-selection":
      return `Among other things I think ${item.text} is right.`;
    case "answer-tag":
      return `Shall we settle ${item.code}?`;
    default:
      return "";
  }
}

function describeInAnswer(item: PlanItem): string {
  switch (item.channel) {
    case "mark-message":
      return `Proposal ${item.text}.`;
    case "answer-tag":
      return `Agreed. ${item.text}.\n<!-- [decision] topic: current | ${item.text} -->`;
    default:
      return "";
  }
}

/** The items that must be in the prompt of send `step`: introduced before it and still open or in force. */
export function itemsInForceBefore(plan: ConversationPlan, step: number): PlanItem[] {
  return plan.items.filter(
    (item) => item.step < step && (item.closedAfterStep === undefined || item.closedAfterStep >= step),
  );
}

/** The plan's item for a code. */
export function findItem(plan: ConversationPlan, itemCode: string): PlanItem {
  const item = plan.items.find((candidate) => candidate.code === itemCode);
  if (!item) throw new Error(`no item ${itemCode} in the plan`);
  return item;
}
