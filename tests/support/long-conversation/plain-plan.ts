/**
 * The long conversation written the way people decide: every decision and task is a plain sentence of the
 * user's message, half in English and half in Japanese, never a command, a marked message or a tag. Same
 * items, codes and steps as plan.ts's; Arbor must capture each one itself. The user confirms the proposals
 * twice along the way ("Confirm all"), closes two tasks and replaces one decision in the panel.
 */
import {
  code,
  DECISION_PLAN,
  DECISIONS,
  FILLER,
  SEND_COUNT,
  stepLabel,
  TASK_PLAN,
  TASKS,
  type ConversationPlan,
  type PlanItem,
  type PlanStep,
} from "./plan.ts";

/** How a decision is written: the code goes into the sentence, so a prompt that carries it names it. */
const DECISION_SENTENCES: Array<(text: string) => string> = [
  (text) => `After the discussion above, we agreed: ${text}.`,
  (text) => `方針：${text}。`,
  (text) => `We decided that ${text}.`,
  (text) => `${text}、ということで決定です。`,
  (text) => `Going forward, ${text}.`,
  (text) => `議論の結果、${text} ことにしました。`,
  (text) => `Decision: ${text}.`,
  (text) => `${text} で合意しました。`,
];

const TASK_SENTENCES: Array<(text: string) => string> = [
  (text) => `Adding this to the open list, not started yet: ${text}`,
  (text) => `やること：${text}`,
  (text) => `TODO: ${text}.`,
  (text) => `${text} を忘れずに対応する必要があります。`,
  (text) => `We still need to do this: ${text}.`,
];

/** Sends after which the user confirms every proposal (the rest stay proposed until the end). */
const CONFIRM_AFTER = [60, 120];

export function buildPlainConversationPlan(): ConversationPlan {
  const items: PlanItem[] = [
    ...DECISION_PLAN.map((entry, index) => ({
      code: code("D", index),
      kind: "decision" as const,
      text: `${code("D", index)} ${DECISIONS[index]}`,
      channel: "plain" as const,
      step: entry.step,
    })),
    ...TASK_PLAN.map((entry, index) => ({
      code: code("T", index),
      kind: "task" as const,
      text: `${code("T", index)} ${TASKS[index]}`,
      channel: "plain" as const,
      step: entry.step,
      ...(entry.closedAfterStep ? { closedAfterStep: entry.closedAfterStep } : {}),
    })),
  ];
  const replacement = items.find((item) => item.code === "D20")!;
  replacement.replaces = "D05";
  items.find((item) => item.code === "D05")!.closedAfterStep = replacement.step;
  const sentenceOf = (item: PlanItem, index: number) =>
    item.kind === "decision"
      ? DECISION_SENTENCES[index % DECISION_SENTENCES.length]!(item.text)
      : TASK_SENTENCES[index % TASK_SENTENCES.length]!(item.text);
  const steps: PlanStep[] = [];
  for (let index = 1; index <= SEND_COUNT; index += 1) {
    const introduced = items.filter((item) => item.step === index);
    const closed = items.filter((item) => item.closedAfterStep === index && item.kind === "task");
    steps.push({
      index,
      message: [
        `${stepLabel(index)} Let us continue with part ${index} of the work.`,
        ...introduced.map((item) => sentenceOf(item, items.indexOf(item))),
        ...closed.map((item) => `${item.code} is finished.`),
        FILLER,
      ].join(" "),
      answer: `Answer ${index}: working on part ${index}. I kept the change small.`,
    });
  }
  return { steps, items, confirmAfterSteps: CONFIRM_AFTER };
}
