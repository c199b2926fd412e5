import { describe, expect, it } from "vitest";
import type { LedgerBody, SummaryBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { SummarizerBehaviour } from "./mock-model.ts";
import { itemsInForceBefore, SEND_COUNT } from "./plan.ts";
import { listAllMessages, runLongConversation, type PlanStyle } from "./run-long-conversation.ts";

/**
 * 150 sends through the real CLI start 150 claude processes (plus the summaries and terminal sessions):
 * measured at 12 to 20 minutes on a 2-core machine shared with other suites (load 8 to 16), a send's
 * median 2.8 to 5 s, almost all of it the CLI starting.
 */
const TIMEOUT_MS = 30 * 60_000;

/**
 * The long-conversation test for one summarizer: 150 sends, 20 decisions, 10 tasks, several automatic
 * compactions; every decision in force and every open task must reach every prompt after it was
 * introduced. `explicit`: items come through commands, marks, answer tags and a terminal session (and
 * a chat decision must reach the next terminal session); `plain`: as sentences of the user's messages in
 * English and Japanese, which Arbor captures as proposals.
 */
export function useLongConversationSuite(summarizer: SummarizerBehaviour, options: { style?: PlanStyle } = {}): void {
  const shared = useArborWithRepo();
  const style = options.style ?? "explicit";
  describe(`a long conversation (${style}) with a ${summarizer} summarizer`, () => {
    it(
      "carries 100% of the decisions in force and open tasks into every prompt, and loses no message",
      async () => {
        const report = await runLongConversation({ shared, summarizer, style });
        const p50 = (values: number[]) =>
          Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);
        const total = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / 1000);
        console.log(
          `[long conversation, ${style}, ${summarizer}] ${JSON.stringify({
            ...report.figures,
            summaries: report.summarySteps.size,
            model: report.model,
            sendMsP50: p50(report.timings.sendMs),
            sendsTotalS: total(report.timings.sendMs),
            upkeepMsP50: p50(report.timings.upkeepMs),
            upkeepTotalS: total(report.timings.upkeepMs),
          })}`,
        );
        expect(report.coverage).toHaveLength(SEND_COUNT);
        expect(report.figures.finalMissing).toEqual([]);
        expect(report.coverage.filter((send) => send.missing.length > 0)).toEqual([]);
        expect(report.figures.everySendPercent).toBe(100);
        expect(report.coverage.at(-1)!.required).toHaveLength(27);

        // At least three automatic compactions by the model (summaries written by upkeep); a summary the
        // model could not write is only an index, and the next upkeep tried the model again.
        const kinds = [...report.summaryKinds.values()];
        expect(kinds.filter((kind) => kind === "model").length).toBeGreaterThanOrEqual(3);
        expect(report.model.summaries).toBeGreaterThanOrEqual(kinds.filter((kind) => kind === "model").length);
        if (summarizer !== "keep-all") expect(report.model.itemsDropped).toBeGreaterThan(0);
        if (summarizer === "lossy-failing") {
          expect(report.model.failedSummaries).toBe(1);
          expect(kinds).toContain("extractive");
        }

        // One memory: a chat decision reaches the next terminal session, a terminal one the next send.
        for (const terminal of report.terminals) {
          const chatDecisions = itemsInForceBefore(report.plan, terminal.step + 1).filter(
            (item) => item.kind === "decision" && item.step < terminal.step && item.channel !== "terminal",
          );
          expect(chatDecisions.length).toBeGreaterThan(0);
          for (const item of chatDecisions) expect(terminal.firstRequest).toContain(item.code);
        }
        const ledger = (
          await callApi<LedgerBody>(
            shared.env.arbor,
            `/api/ledger?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(report.worktreePath)}&status=all`,
          )
        ).body.entries;
        const originOf = (code: string) => ledger.find((entry) => entry.text.includes(code))?.origin;
        if (style === "explicit") {
          expect(
            report.plan.items.filter((item) => item.channel === "terminal").map((item) => originOf(item.code)),
          ).toEqual(["recorder", "recorder", "recorder"]);
          expect(
            report.plan.items
              .filter((item) => item.channel === "answer-tag")
              .every((item) => originOf(item.code) === "tag"),
          ).toBe(true);
        } else {
          // Every plain sentence was captured from its message, and nothing else was: no noise.
          expect(report.plan.items.map((item) => originOf(item.code))).toEqual(report.plan.items.map(() => "capture"));
          expect(ledger.filter((entry) => entry.origin === "capture")).toHaveLength(report.plan.items.length);
          // The user confirmed some; the rest reached every prompt as proposals.
          expect(ledger.filter((entry) => entry.status === "proposed").length).toBeGreaterThan(0);
        }

        // No silent gap in the final prompt: every message is behind its summary, verbatim, or listed.
        const receipt = report.lastSend.run.receipt!;
        const messages = (await listAllMessages(shared, report.sessionId)).filter(
          (message) =>
            (message.role === "user" || message.role === "assistant") &&
            message.content !== "" &&
            message.id < report.lastSend.userMessage.id,
        );
        const unaccounted = messages.filter(
          (message) =>
            message.id > (receipt.coveredUntilMessageId ?? 0) &&
            !receipt.messageIds.includes(message.id) &&
            !receipt.droppedMessageIds.includes(message.id),
        );
        expect(messages.length).toBeGreaterThanOrEqual(2 * (SEND_COUNT - 1));
        expect(messages.some((message) => message.isArchived)).toBe(true);
        expect(unaccounted).toEqual([]);
        expect(receipt.droppedMessageIds).toEqual([]);
        expect(receipt.ledger.includedIds.length).toBeGreaterThanOrEqual(27);

        // The summaries keep their facts: the latest one names every item of this conversation that
        // was in force when it was written (the lossy model's gaps were put back by Arbor, marked).
        const latest = (await callApi<SummaryBody>(shared.env.arbor, `/api/chat/summary?sessionId=${report.sessionId}`))
          .body.summary!;
        const writtenAfter = report.summarySteps.get(latest.id)!;
        const kept = itemsInForceBefore(report.plan, writtenAfter).filter((item) => item.channel !== "terminal");
        expect(kept.filter((item) => !latest.markdown.includes(item.code)).map((item) => item.code)).toEqual([]);
        expect(latest.kind).toBe("model");
        if (summarizer === "keep-all") {
          expect(latest.checkStatus).toBe("passed");
        } else {
          expect(latest.checkStatus).toBe("reattached");
          expect(latest.markdown).toContain("kept by Arbor");
        }
      },
      TIMEOUT_MS,
    );
  });
}
