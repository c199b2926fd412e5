import { lastUserText } from "@/tests/support/mock-anthropic/request-inspect.ts";
import type { MockAnthropic } from "@/tests/support/mock-anthropic/types.ts";
import { findItem, itemsInForceBefore, type ConversationPlan, type PlanItem } from "./plan.ts";

const USER_HEADING = "# 5. User message";

/** What one send stored, as the driver's actions need it. */
export interface SentIds {
  claudeSessionId: string;
  userMessageId: number;
  assistantMessageId: number | null;
}

/** How the conversation reaches Arbor: the test's API calls (or a stand-in for an older Arbor). */
export interface ConversationDriver {
  send(message: string): Promise<SentIds>;
  /** The user records an item (composer command, or marking a message or a selection). */
  record(item: PlanItem, sent: SentIds): Promise<void>;
  /** The user marks a task done. */
  close(item: PlanItem): Promise<void>;
  /** The user supersedes a decision with a new one. */
  supersede(input: { old: PlanItem; replacement: PlanItem; sent: SentIds }): Promise<void>;
  /** A terminal session on the worktree records the decision through the recorder's hooks. */
  terminal(item: PlanItem): Promise<void>;
  /** Resolves once the automatic upkeep the send may have started has finished. */
  waitForUpkeep(): Promise<void>;
  /** The user confirms every proposal waiting in the panel ("Confirm all"). */
  confirmProposals(): Promise<void>;
}

export interface SendCoverage {
  step: number;
  /** Codes of the items in force that this send's prompt had to carry. */
  required: string[];
  missing: string[];
  /** The length of what Arbor put before the user message (what memory costs this send). */
  promptChars: number;
}

/**
 * Plays the plan through the driver and checks, for every send, that the prompt the model received
 * (before the user message) names every decision in force and every open task introduced earlier.
 */
export async function driveConversation(input: {
  plan: ConversationPlan;
  driver: ConversationDriver;
  mock: MockAnthropic;
}): Promise<SendCoverage[]> {
  const { plan, driver } = input;
  const coverage: SendCoverage[] = [];
  for (const step of plan.steps) {
    const sent = await driver.send(step.message);
    const memory = promptBeforeUserMessage(input.mock, sent.claudeSessionId);
    const required = itemsInForceBefore(plan, step.index).map((item) => item.code);
    coverage.push({
      step: step.index,
      required,
      missing: required.filter((code) => !memory.includes(code)),
      promptChars: memory.length,
    });
    // The upkeep a send starts finishes before the user acts again, so every run sees the same order.
    await driver.waitForUpkeep();
    for (const item of plan.items.filter((candidate) => candidate.step === step.index)) {
      if (item.replaces) await driver.supersede({ old: findItem(plan, item.replaces), replacement: item, sent });
      else if (item.channel === "terminal") await driver.terminal(item);
      else if (item.channel !== "answer-tag" && item.channel !== "plain") await driver.record(item, sent);
    }
    if (plan.confirmAfterSteps?.includes(step.index)) await driver.confirmProposals();
    for (const item of plan.items.filter((candidate) => candidate.closedAfterStep === step.index)) {
      if (item.kind === "task") await driver.close(item);
    }
  }
  return coverage;
}

/** Arbor's prompt of one run (its first request to the model), up to the user message heading. */
export function promptBeforeUserMessage(mock: MockAnthropic, claudeSessionId: string): string {
  const request = mock.requests.find(
    (candidate) =>
      candidate.isStreaming &&
      candidate.headers["x-claude-code-session-id"] === claudeSessionId &&
      (lastUserText(candidate) ?? "").includes(USER_HEADING),
  );
  if (!request) throw new Error(`the mock received no prompt for the run of Claude session ${claudeSessionId}`);
  const text = lastUserText(request)!;
  return text.slice(0, text.lastIndexOf(USER_HEADING));
}

/** Share of required items present: in the final prompt, and over every send after each item appeared. */
export function measureCoverage(coverage: SendCoverage[]): {
  finalPercent: number;
  everySendPercent: number;
  finalMissing: string[];
  sendsWithGaps: number;
  /** Characters before the user message: in the last prompt, and the largest of any send. */
  finalPromptChars: number;
  maxPromptChars: number;
} {
  const last = coverage.at(-1);
  const required = coverage.reduce((total, send) => total + send.required.length, 0);
  const missing = coverage.reduce((total, send) => total + send.missing.length, 0);
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);
  return {
    finalPercent: last ? percent(last.required.length - last.missing.length, last.required.length) : 100,
    everySendPercent: percent(required - missing, required),
    finalMissing: last?.missing ?? [],
    sendsWithGaps: coverage.filter((send) => send.missing.length > 0).length,
    finalPromptChars: last?.promptChars ?? 0,
    maxPromptChars: Math.max(0, ...coverage.map((send) => send.promptChars)),
  };
}
