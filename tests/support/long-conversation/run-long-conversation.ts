import { expect } from "vitest";
import type { LedgerBody, LedgerEntryBody, MessagesBody, SendBody, SummaryBody } from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks } from "@/tests/support/call-api.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/request-inspect.ts";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import type { ArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import {
  driveConversation,
  measureCoverage,
  type ConversationDriver,
  type SendCoverage,
} from "./drive-conversation.ts";
import { createConversationModel, type ConversationModel, type SummarizerBehaviour } from "./mock-model.ts";
import { buildPlainConversationPlan } from "./plain-plan.ts";
import { buildConversationPlan, itemsInForceBefore, type ConversationPlan, type PlanItem } from "./plan.ts";

/** explicit: items enter through commands, marks, tags and a terminal; plain: as sentences Arbor must read. */
export type PlanStyle = "explicit" | "plain";

/**
 * Settings so a 150-send conversation compacts a few times (each summary is one more claude process,
 * so not many more than the three the test needs): a recent window of 100 messages (a summary every
 * ~25 sends once it is full), Lighten past 160 working messages keeping 60.
 */
export const LONG_CONVERSATION_SETTINGS = { recentMessageCount: 100, upkeepMessageThreshold: 160, upkeepKeepLastN: 60 };

export interface LongConversationReport {
  plan: ConversationPlan;
  coverage: SendCoverage[];
  figures: ReturnType<typeof measureCoverage>;
  model: ConversationModel["stats"];
  sessionId: string;
  worktreePath: string;
  /** For each terminal session: the item it recorded, and what its first request to the model carried. */
  terminals: Array<{ item: PlanItem; step: number; firstRequest: string }>;
  /** The send after which each summary was first seen (summary id → step). */
  summarySteps: Map<number, number>;
  /** Each summary's kind: "model", or "extractive" when the model could not write it. */
  summaryKinds: Map<number, string>;
  lastSend: SendBody;
  /** Where the time went (ms): each send through the API, each wait for upkeep. */
  timings: { sendMs: number[]; upkeepMs: number[] };
}

/**
 * Plays the long conversation through Arbor's HTTP API with the real CLI against the mock model
 * (summarizer keep-all or lossy): items recorded through /decide and /todo, marked messages and
 * selections, answer tags and a terminal session's hooks on the same worktree. After each send it
 * waits for the automatic upkeep the send started, so every run is deterministic.
 */
export async function runLongConversation(input: {
  shared: ArborWithRepo;
  summarizer: SummarizerBehaviour;
  style?: PlanStyle;
}): Promise<LongConversationReport> {
  const { shared } = input;
  const { arbor, mock } = shared.env;
  const plan = input.style === "plain" ? buildPlainConversationPlan() : buildConversationPlan();
  const model = createConversationModel({ plan, summarizer: input.summarizer });
  mock.setResponder(model.responder);
  const settings = await callApi(arbor, "/api/settings", { method: "PUT", body: LONG_CONVERSATION_SETTINGS });
  expect(settings.status).toBe(200);
  const { sessionId, worktreePath } = await shared.repo.freshSession("long");
  const hooks = await changeWorktreeHooks(arbor, { repoId: shared.repo.repoId, worktreePath });
  expect(hooks.status).toBe(200);

  const terminals: LongConversationReport["terminals"] = [];
  const summarySteps = new Map<number, number>();
  const summaryKinds = new Map<number, string>();
  let step = 0;
  let lastSend: SendBody | null = null;
  const timings = { sendMs: [] as number[], upkeepMs: [] as number[] };
  const findOpen = async (item: PlanItem) => {
    const listed = await callApi<LedgerBody>(
      arbor,
      `/api/ledger?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}&status=open`,
    );
    const entry = listed.body.entries.find((candidate) => candidate.text.includes(item.code));
    if (!entry) throw new Error(`${item.code} is not an open ledger entry: ${JSON.stringify(listed.body)}`);
    return entry;
  };
  const driver: ConversationDriver = {
    async send(message) {
      step += 1;
      const sentAt = performance.now();
      const sent = await shared.send(sessionId, message);
      timings.sendMs.push(performance.now() - sentAt);
      if (sent.status !== 200) throw new Error(`send ${step} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      expect(sent.body.run.status).toBe("success");
      lastSend = sent.body;
      // As the browser does while the user types the next message: a claude boots for the next send
      // (while upkeep and the user's actions run), so a send does not wait for the CLI to start.
      const warmed = await callApi(arbor, "/api/chat/warm", { body: { sessionId } });
      expect(warmed.status).toBe(200);
      return {
        claudeSessionId: sent.body.run.claudeSessionId!,
        userMessageId: sent.body.userMessage.id,
        assistantMessageId: sent.body.assistantMessage?.id ?? null,
      };
    },
    async record(item, sent) {
      const via = item.channel === "command" ? "command" : item.channel === "mark-message" ? "message" : "selection";
      const messageId = via === "message" ? sent.assistantMessageId : via === "selection" ? sent.userMessageId : null;
      const recorded = await callApi<LedgerEntryBody>(arbor, "/api/ledger", {
        body: { kind: item.kind, text: item.text, via, sessionId, ...(messageId ? { messageId } : {}) },
      });
      expect(recorded.status).toBe(201);
    },
    async close(item) {
      const entry = await findOpen(item);
      const closed = await callApi(arbor, `/api/ledger/${entry.id}`, {
        method: "PATCH",
        body: { action: "close", status: "done" },
      });
      expect(closed.status).toBe(200);
    },
    async supersede({ old, replacement }) {
      const entry = await findOpen(old);
      // A plain sentence already proposed the replacement: the user drops the old decision in the panel.
      const replaced = await callApi(arbor, `/api/ledger/${entry.id}`, {
        method: "PATCH",
        body:
          old.channel === "plain"
            ? { action: "close", status: "dropped" }
            : { action: "supersede", text: replacement.text, sessionId },
      });
      expect(replaced.status).toBe(200);
    },
    async confirmProposals() {
      const listed = await callApi<LedgerBody>(
        arbor,
        `/api/ledger?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}&status=proposed`,
      );
      const ids = listed.body.entries.map((entry) => entry.id);
      if (ids.length === 0) return;
      const confirmed = await callApi<{ confirmed: number[] }>(arbor, "/api/ledger/confirm", {
        body: { repoId: shared.repo.repoId, entryIds: ids },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.confirmed.sort()).toEqual(ids.sort());
    },
    async terminal(item) {
      const run = await runClaudeDirectly({ env: shared.env, cwd: worktreePath, prompt: `terminal ${item.code}` });
      expect(run.exitCode).toBe(0);
      const claudeSessionId = sessionIdOf(run);
      const first = mock.requests.find(
        (request) => request.isStreaming && request.headers["x-claude-code-session-id"] === claudeSessionId,
      );
      terminals.push({ item, step, firstRequest: first ? JSON.stringify(first.body) : "" });
      // The Stop hook records the decision before the terminal session ends.
      await expect
        .poll(
          async () =>
            await findOpen(item)
              .then(() => true)
              .catch(() => false),
          { timeout: 30_000 },
        )
        .toBe(true);
    },
    async waitForUpkeep() {
      const waitedAt = performance.now();
      let state: SummaryBody | null = null;
      await expect
        .poll(
          async () => {
            state = (await callApi<SummaryBody>(arbor, `/api/chat/summary?sessionId=${sessionId}`)).body;
            return state.isUpkeepRunning;
          },
          { timeout: 120_000, interval: 50 },
        )
        .toBe(false);
      const summary = (state as SummaryBody | null)?.summary;
      if (summary && !summarySteps.has(summary.id)) {
        summarySteps.set(summary.id, step);
        summaryKinds.set(summary.id, summary.kind);
      }
      timings.upkeepMs.push(performance.now() - waitedAt);
    },
  };
  const coverage = await driveConversation({ plan, driver, mock });
  return {
    plan,
    coverage,
    figures: measureCoverage(coverage),
    model: model.stats,
    sessionId,
    worktreePath,
    terminals,
    summarySteps,
    summaryKinds,
    lastSend: lastSend!,
    timings,
  };
}

/** Every user and assistant message of the conversation (archived ones too), oldest first. */
export async function listAllMessages(shared: ArborWithRepo, sessionId: string): Promise<MessagesBody["messages"]> {
  const all: MessagesBody["messages"] = [];
  let beforeId: number | undefined;
  for (;;) {
    const query = `/api/chat/messages?sessionId=${sessionId}&includeArchived=1${beforeId ? `&beforeId=${beforeId}` : ""}`;
    const page = (await callApi<MessagesBody>(shared.env.arbor, query)).body;
    all.unshift(...page.messages);
    if (!page.hasMore || page.messages.length === 0) return all;
    beforeId = page.messages[0]!.id;
  }
}

/** The codes of the plan's items in force before a send that a text names. */
export function codesIn(text: string, plan: ConversationPlan, step: number): string[] {
  return itemsInForceBefore(plan, step)
    .map((item) => item.code)
    .filter((code) => text.includes(code));
}

export { lastUserText };
