import { describe, expect, it } from "vitest";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import type {
  MessagesBody,
  PurgeBody,
  SearchBody,
  SessionBody,
  SessionsBody,
  SummarizeBody,
  SummaryBody,
} from "@/tests/support/api-types.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { vanishClaudeBin } from "@/tests/support/vanished-claude.ts";
import { itOnSqliteOnly } from "@/tests/support/engine-tests.ts";

const SECTIONS =
  "## Key points\n- picked SQLite\n## Decisions\n- use WAL\n## Open tasks\n- write docs\n## Caveats\n- none";
const shared = useArborWithRepo();

describe("conversation memory", () => {
  itOnSqliteOnly(
    "summarizes with the small model, lightens, pages older messages, and the next prompt uses the summary",
    async () => {
      const { sessionId } = await shared.repo.freshSession("mem");
      for (let index = 0; index < 3; index += 1)
        await shared.send(sessionId, `question ${index} about zebra-${index} [[mock:text answer ${index}]]`);
      await shared.send(sessionId, `last one [[mock:text ${SECTIONS}]]`);
      const summarized = await callApi<SummarizeBody>(shared.env.arbor, "/api/chat/summarize", { body: { sessionId } });
      expect(summarized.status).toBe(200);
      expect(summarized.body.summary).toMatchObject({ kind: "model", note: null, messageCount: 8 });
      expect(summarized.body.summary.markdown).toContain("## Decisions\n- use WAL");
      const summaryRequest = shared.env.mock.requests.at(-1)!;
      expect(summaryRequest.body?.model).toMatch(/haiku/);
      expect(lastUserText(summaryRequest)).toContain("question 0 about zebra-0");

      const purged = await callApi<PurgeBody>(shared.env.arbor, "/api/chat/purge", {
        body: { sessionId, keepLastN: 2 },
      });
      expect(purged.body).toEqual({ archivedCount: 6 });
      const page = await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
      expect(page.body.messages).toHaveLength(2);
      expect(page.body.hasMore).toBe(true);
      const older = await callApi<MessagesBody>(
        shared.env.arbor,
        `/api/chat/messages?sessionId=${sessionId}&beforeId=${page.body.messages[0]?.id}&includeArchived=1`,
      );
      expect(older.body.messages).toHaveLength(6);
      expect(older.body.messages.every((m) => m.isArchived)).toBe(true);

      const next = await shared.send(sessionId, "what did we decide? [[mock:text WAL]]");
      const receipt = next.body.run.receipt;
      expect(receipt?.summaryId).toBe(summarized.body.summary.id);
      expect(receipt?.sections.map((s) => s.name)).toEqual(["system", "context", "plan", "memory", "user"]);
      expect(receipt?.digest).toMatch(/^[0-9a-f]{64}$/);
      const prompt = lastUserText(
        shared.env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === next.body.run.claudeSessionId)!,
      )!;
      expect(prompt).toContain("use WAL");
      // Messages the summary covers reach the model through the summary, not again as recent messages; the
      // user's own words among them are repeated verbatim (within their share of the budget), Claude's are not.
      expect(receipt?.messageIds).toEqual([]);
      const userWords = prompt.slice(
        prompt.indexOf("## The user's earlier messages, verbatim"),
        prompt.indexOf("## Summary #"),
      );
      expect(userWords).toContain("> question 0 about zebra-0");
      expect(userWords).not.toContain("### assistant");
      expect(receipt?.earlierUserWords?.includedIds).toHaveLength(4);
    },
  );

  itOnSqliteOnly(
    "falls back to an extractive index when the CLI fails, which files nothing by guesswork and keeps the messages in the prompt",
    async () => {
      const { sessionId } = await shared.repo.freshSession("mem");
      const said = "We decided to use tabs. Next step: write the linter config. What is left to do? [[mock:text ok]]";
      await shared.send(sessionId, said);
      const vanished = await vanishClaudeBin(shared.env.arbor);
      const summarized = await callApi<SummarizeBody>(shared.env.arbor, "/api/chat/summarize", { body: { sessionId } });
      await vanished.restore();
      expect(summarized.body.summary.kind).toBe("extractive");
      expect(summarized.body.summary.note).toMatch(/could not write the summary/);
      // Decisions and tasks come from the ledger (what Arbor captured from the message, proposed), never from a
      // pattern over the messages: the question is a key point, not a task.
      const { markdown } = summarized.body.summary;
      expect(markdown).toMatch(/## Decisions\n- \[L\d+\] "We decided to use tabs" \(proposed\)\n/);
      expect(markdown).toMatch(/## Open tasks\n- \[L\d+\] "write the linter config" \(proposed\)\n/);
      expect(markdown.slice(markdown.indexOf("## Open tasks"))).not.toContain("What is left to do");
      // Memory ignores the index: Lighten refuses, and the next prompt still carries the message verbatim.
      const purged = await callApi(shared.env.arbor, "/api/chat/purge", { body: { sessionId, keepLastN: 0 } });
      expect(purged.status).toBe(409);
      const next = await shared.send(sessionId, "[[mock:text fine]]");
      expect(next.body.run.receipt?.summaryId).toBeNull();
      expect(next.body.run.receipt?.messageIds).toHaveLength(2);
      const messages = (await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`)).body
        .messages;
      expect(messages[0]?.content).toBe(said);
    },
  );

  itOnSqliteOnly("refuses to lighten before any summary: uncovered messages are never archived", async () => {
    const { sessionId } = await shared.repo.freshSession("mem");
    await shared.send(sessionId, "[[mock:text hi]]");
    const purged = await callApi(shared.env.arbor, "/api/chat/purge", { body: { sessionId, keepLastN: 0 } });
    expect(purged.status).toBe(409);
    expect(
      (await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`)).body.messages,
    ).toHaveLength(2);
  });

  itOnSqliteOnly("drops the oldest messages to fit the prompt budget and says so in the receipt", async () => {
    const { sessionId } = await shared.repo.freshSession("mem");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { promptBudgetChars: 10_000 } });
    const first = await shared.send(sessionId, `${"a".repeat(5000)} [[mock:text one]]`);
    await shared.send(sessionId, `${"b".repeat(5000)} [[mock:text two]]`);
    const third = await shared.send(sessionId, "short [[mock:text three]]");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { promptBudgetChars: 400_000 } });
    expect(third.body.run.receipt?.droppedMessageIds).toContain(first.body.userMessage.id);
    expect(third.body.run.receipt?.totalChars).toBeLessThanOrEqual(10_000);
  });

  itOnSqliteOnly(
    "archives a session; the next open starts a new one whose first prompt carries the old summary",
    async () => {
      const { repoId } = shared.repo;
      const { sessionId, worktreePath } = await shared.repo.freshSession("mem");
      await shared.send(sessionId, `remember the password is octopus [[mock:text ${SECTIONS}]]`);
      await callApi(shared.env.arbor, "/api/chat/summarize", { body: { sessionId } });
      expect((await callApi(shared.env.arbor, "/api/chat/sessions/archive", { body: { sessionId } })).status).toBe(200);
      const readOnly = await shared.send(sessionId, "more?");
      expect(readOnly.status).toBe(409);
      const reopened = await callApi<SessionBody>(shared.env.arbor, "/api/chat/sessions", {
        body: { repoId, worktreePath },
      });
      expect(reopened.body.session.id).not.toBe(sessionId);
      const first = await shared.send(reopened.body.session.id, "hello again [[mock:text hi]]");
      const prompt = lastUserText(
        shared.env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === first.body.run.claudeSessionId)!,
      )!;
      expect(prompt).toContain("use WAL");
      const listed = await callApi<SessionsBody>(
        shared.env.arbor,
        `/api/chat/sessions?repoId=${repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
      );
      expect(listed.body.sessions.map((s) => s.status)).toEqual(["active", "archived"]);
    },
  );

  itOnSqliteOnly(
    "does not carry a removed worktree's summary into another branch's worktree made in the same folder",
    async () => {
      const { repoId, mainPath } = shared.repo;
      const { sessionId, worktreePath } = await shared.repo.freshSession("reused");
      await shared.send(sessionId, `the secret project is alpha [[mock:text ${SECTIONS}]]`);
      await callApi(shared.env.arbor, "/api/chat/summarize", { body: { sessionId } });
      const removed = await callApi<{ isRemoved: boolean }>(shared.env.arbor, "/api/worktrees/remove", {
        body: { repoId, worktreePath },
      });
      expect(removed.body.isRemoved).toBe(true);
      await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", "-b", "unrelated/task", worktreePath] });

      const reopened = await callApi<SessionBody>(shared.env.arbor, "/api/chat/sessions", {
        body: { repoId, worktreePath },
      });
      const first = await shared.send(reopened.body.session.id, "hello [[mock:text hi]]");
      expect(first.body.run.receipt?.summaryId ?? null).toBeNull();
      const prompt = lastUserText(
        shared.env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === first.body.run.claudeSessionId)!,
      )!;
      expect(prompt).not.toContain("use WAL");
      expect(prompt).not.toContain("archived conversation");
    },
  );

  it("finds old messages by full-text search across the repository, and exports a session as Markdown", async () => {
    const { repoId } = shared.repo;
    const { sessionId } = await shared.repo.freshSession("mem");
    await shared.send(sessionId, "the flamingo migration plan [[mock:text noted]]");
    const hits = await callApi<SearchBody>(
      shared.env.arbor,
      `/api/chat/search?repoId=${repoId}&q=${encodeURIComponent("flamingo")}`,
    );
    expect(hits.body.hits[0]).toMatchObject({ sessionId, role: "user" });
    expect(hits.body.hits[0]?.snippet).toContain("[flamingo]");
    const odd = await callApi(
      shared.env.arbor,
      `/api/chat/search?repoId=${repoId}&q=${encodeURIComponent('"flamingo" OR NEAR(')}`,
    );
    expect(odd.status).toBe(200);
    const empty = await callApi(shared.env.arbor, `/api/chat/search?repoId=${repoId}&q=${encodeURIComponent("  ** ")}`);
    expect(empty.status).toBe(422);
    const exported = await fetch(`${shared.env.arbor.url}/api/chat/export?sessionId=${sessionId}`, {
      headers: { authorization: `Bearer ${shared.env.arbor.token}` },
    });
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="arbor-feat-mem-\d+-/);
    const markdown = await exported.text();
    expect(markdown).toContain("the flamingo migration plan");
    expect(markdown).toContain("### assistant #");
  });
});

describe("automatic upkeep", () => {
  it("past the threshold, summarizes and lightens in the background with a visible note", async () => {
    const { sessionId } = await shared.repo.freshSession("mem");
    await callApi(shared.env.arbor, "/api/settings", {
      method: "PUT",
      body: { upkeepMessageThreshold: 10, upkeepKeepLastN: 2 },
    });
    try {
      // The summary covers all but the newest two messages, so the summarizer's sections (the last
      // directive it is shown) come from turn 3.
      for (let index = 0; index < 4; index += 1)
        await shared.send(sessionId, `turn ${index} [[mock:text ${index === 3 ? SECTIONS : `reply ${index}`}]]`);
      expect(
        (await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`)).body.messages,
      ).toHaveLength(8);
      await shared.send(sessionId, "turn 4 [[mock:text reply 4]]");
      await expect
        .poll(
          async () =>
            (
              await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`)
            ).body.messages.map((m) => m.role),
          {
            timeout: 60_000,
          },
        )
        .toEqual(["user", "assistant", "system"]);
      const messages = (await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`)).body
        .messages;
      expect(messages[2]?.content).toMatch(/summarized this conversation .* archived 8 older messages/);
      const summary = (await callApi<SummaryBody>(shared.env.arbor, `/api/chat/summary?sessionId=${sessionId}`)).body
        .summary;
      // The summary covers all but the newest two (kept verbatim, as Lighten keeps them): no gap either way.
      expect(summary).toMatchObject({ kind: "model", messageCount: 8 });
    } finally {
      await callApi(shared.env.arbor, "/api/settings", {
        method: "PUT",
        body: { upkeepMessageThreshold: 200, upkeepKeepLastN: 50 },
      });
    }
  });
});
