// Automatic "Fix with Claude" and "What needs you" for failing checks, with real git, real check
// commands and the real CLI against the mock model: the check's own output carries the mock's
// file-writing directive, so the fix Arbor sends makes Claude write the file the check wants.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { AutoFixView, CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

const shared = useArborWithRepo();
let ws: Awaited<ReturnType<typeof connectRepoWs>>;

beforeAll(async () => {
  ws = await connectRepoWs(shared.env.arbor, shared.repo.repoId);
  return () => ws.close();
});

async function setChecks(checks: Array<{ name: string; command: string; timeoutSeconds?: number }>) {
  const saved = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/settings`, {
    method: "PUT",
    body: { checks },
  });
  expect(saved.status).toBe(200);
}

const setAutoFix = (body: Record<string, unknown>) =>
  callApi<{ autoFix: AutoFixView } & ErrorBody>(shared.env.arbor, "/api/worktrees/checks/auto-fix", {
    method: "PUT",
    body: { repoId: shared.repo.repoId, ...body },
  });

function readChecksOf(worktreePath: string) {
  const query = new URLSearchParams({ repoId: shared.repo.repoId, worktreePath });
  return callApi<WorktreeChecksView>(shared.env.arbor, `/api/worktrees/checks?${query}`);
}

async function attentionOf(worktreePath: string): Promise<AttentionItem | undefined> {
  const read = await callApi<{ items: AttentionItem[] }>(shared.env.arbor, "/api/attention");
  expect(read.status).toBe(200);
  return read.body.items.find((item) => item.worktreePath === worktreePath);
}

async function userMessagesOf(sessionId: string): Promise<string[]> {
  const read = await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
  return read.body.messages.filter((message) => message.role === "user").map((message) => message.content);
}

/** The first message after `after` (any message so far when null) that matches. */
function nextMessage(after: ServerMessage | null, predicate: (message: ServerMessage) => boolean) {
  const from = after ? ws.messages.indexOf(after) : -1;
  return ws.waitFor((message) => ws.messages.indexOf(message) > from && predicate(message));
}

const finalCheckIn = (worktreePath: string, status?: CheckRunView["status"]) => (message: ServerMessage) =>
  message.type === "check_run" &&
  message.worktreePath === worktreePath &&
  message.run.status !== "running" &&
  (status === undefined || message.run.status === status);

const autoFixIn = (worktreePath: string) => (message: ServerMessage) =>
  message.type === "check_auto_fix" && message.worktreePath === worktreePath;

describe("automatic fixes: refusals and bad input", () => {
  it("refuses turning them on without checks or trust, saying what to do; turning them off is always allowed", async () => {
    const worktreePath = await shared.repo.addWorktree("auto-refused");
    const none = await setAutoFix({ worktreePath, enabled: true });
    expect(none.status).toBe(412);
    expect(none.body.error.message).toMatch(/no check is configured.*Set its checks first/);
    await setChecks([{ name: "unit", command: "true" }]);
    const untrusted = await setAutoFix({ worktreePath, enabled: true });
    expect(untrusted.status).toBe(412);
    expect(untrusted.body.error.message).toMatch(/only in a repository you trust.*trust the repository/);
    const off = await setAutoFix({ worktreePath, enabled: false, maxAttempts: 3 });
    expect(off.status).toBe(200);
    expect(off.body.autoFix).toEqual({
      enabled: false,
      maxAttempts: 3,
      attemptsUsed: 0,
      remaining: 3,
      hasGivenUp: false,
    });
    expect((await readChecksOf(worktreePath)).body.autoFix).toEqual(off.body.autoFix);
  });

  it("answers 422 with what was wrong for every malformed request", async () => {
    const worktreePath = await shared.repo.addWorktree("auto-bad");
    const bad = async (body: Record<string, unknown>) => {
      const answer = await setAutoFix(body);
      expect(answer.status).toBe(422);
      return answer.body.error.message;
    };
    expect(await bad({ worktreePath, enabled: true, maxAttempts: 0 })).toMatch(
      /^Invalid maxAttempts: maxAttempts is a whole number from 1 to 10; to stop automatic fixes, send enabled: false/,
    );
    expect(await bad({ worktreePath, enabled: true, maxAttempts: 11 })).toMatch(
      /from 1 to 10: a check that still fails/,
    );
    expect(await bad({ worktreePath, enabled: true, maxAttempts: 2.5 })).toMatch(/whole number from 1 to 10/);
    expect(await bad({ worktreePath, enabled: true, maxAttempts: "2" })).toMatch(/whole number from 1 to 10/);
    expect(await bad({ worktreePath })).toMatch(/^Invalid enabled: .*enabled is true or false/);
    expect(await bad({ worktreePath, enabled: "yes" })).toMatch(/enabled is true or false/);
    expect(await bad({ worktreePath, enabled: true, attempts: 2 })).toMatch(/attempts/);
    expect(await bad({ worktreePath: "relative/path", enabled: false })).toMatch(/is not an absolute path/);
    expect(await bad({ worktreePath: shared.repo.root, enabled: false })).toMatch(/is not a worktree of/);
    const noRepo = await callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/checks/auto-fix", {
      method: "PUT",
      body: { repoId: "not-a-uuid", worktreePath, enabled: false },
    });
    expect(noRepo.status).toBe(422);
    // Nothing was stored by any of them.
    expect((await readChecksOf(worktreePath)).body.autoFix).toMatchObject({ enabled: false, maxAttempts: 2 });
  });
});

describe("automatic fixes in a trusted repository", () => {
  beforeAll(async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);
    const saved = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/settings`, {
      method: "PUT",
      body: { permissionMode: "acceptEdits" },
    });
    expect(saved.status).toBe(200);
  });

  it("sends the failure to Claude by itself, the fix makes the check pass, and the count starts again", async () => {
    await setChecks([
      {
        name: "unit",
        command:
          "if grep -q oops broken.txt 2>/dev/null; then echo 'FAIL [[mock:edit broken.txt oops => fine]]'; exit 1; fi",
      },
    ]);
    const { sessionId, worktreePath } = await shared.repo.freshSession("auto-fixes");
    const on = await setAutoFix({ worktreePath, enabled: true });
    expect(on.body.autoFix).toEqual({
      enabled: true,
      maxAttempts: 2,
      attemptsUsed: 0,
      remaining: 2,
      hasGivenUp: false,
    });
    const turnedOn = await nextMessage(null, autoFixIn(worktreePath));

    const wrote = await shared.send(sessionId, "[[mock:write broken.txt oops]]");
    expect(wrote.status).toBe(200);
    const failed = (await nextMessage(turnedOn, finalCheckIn(worktreePath))) as { run: CheckRunView };
    expect(failed.run).toMatchObject({ status: "failed", output: "FAIL [[mock:edit broken.txt oops => fine]]\n" });
    const attempt = (await nextMessage(turnedOn, autoFixIn(worktreePath))) as { autoFix: AutoFixView };
    expect(attempt.autoFix).toMatchObject({ attemptsUsed: 1, remaining: 1 });

    // The fix's run rewrites the file; the checks it starts pass, and that resets the count.
    const passed = await nextMessage(failed as ServerMessage, finalCheckIn(worktreePath));
    expect((passed as { run: CheckRunView }).run.status).toBe("passed");
    const reset = (await nextMessage(attempt as ServerMessage, autoFixIn(worktreePath))) as { autoFix: AutoFixView };
    expect(reset.autoFix).toMatchObject({ enabled: true, attemptsUsed: 0, remaining: 2 });
    expect(readFileSync(path.join(worktreePath, "broken.txt"), "utf8")).toBe("fine");

    const messages = await userMessagesOf(sessionId);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatch(/^This check fails:\n\nCheck "unit" .* exited with code 1/);
    const fixRequest = shared.env.mock.requests.find((request) =>
      lastUserText(request)?.includes('This check fails:\n\nCheck "unit"'),
    );
    expect(lastUserText(fixRequest!)).toContain("FAIL [[mock:edit broken.txt oops => fine]]");
    expect((await readChecksOf(worktreePath)).body).toMatchObject({
      status: "passed",
      autoFix: { enabled: true, attemptsUsed: 0, remaining: 2, hasGivenUp: false },
    });
    expect((await attentionOf(worktreePath))?.failingChecks).toBeNull();
  });

  it("stops after N fixes that did not help and asks the user; the user's own message resets the count", async () => {
    const counter = path.join(shared.repo.root, "stubborn-check.count");
    await setChecks([
      {
        name: "unit",
        command: `n=$(($(cat '${counter}' 2>/dev/null || echo 0) + 1)); echo $n > '${counter}'; echo "FAIL [[mock:write attempt-$n.txt try]]"; exit 1`,
      },
    ]);
    const { sessionId, worktreePath } = await shared.repo.freshSession("auto-gives-up");
    await setAutoFix({ worktreePath, enabled: true });
    const turnedOn = await nextMessage(null, autoFixIn(worktreePath));

    await shared.send(sessionId, "[[mock:write first.txt first]]");
    // Each failure sends a fix whose run writes a new file, whose checks fail again: three
    // results, two fixes, then Arbor stops and says so.
    let last: ServerMessage = turnedOn;
    for (const expected of [1, 2, 2]) {
      last = await nextMessage(last, finalCheckIn(worktreePath, "failed"));
      last = await nextMessage(last, autoFixIn(worktreePath));
      expect((last as { autoFix: AutoFixView }).autoFix.attemptsUsed).toBe(expected);
    }
    expect((last as { autoFix: AutoFixView }).autoFix).toMatchObject({ remaining: 0, hasGivenUp: true });
    expect(readFileSync(counter, "utf8")).toBe("3\n");
    expect(
      ["attempt-1.txt", "attempt-2.txt", "attempt-3.txt"].map((name) => existsSync(path.join(worktreePath, name))),
    ).toEqual([true, true, false]);
    const sent = await userMessagesOf(sessionId);
    expect(sent).toHaveLength(3);
    expect(sent.slice(1).every((message) => message.startsWith("This check fails:"))).toBe(true);

    const asked = await attentionOf(worktreePath);
    expect(asked).toMatchObject({
      state: "checks_failed",
      failingChecks: { name: "unit", status: "failed", count: 1, autoFixesSpent: 2 },
    });
    expect((await readChecksOf(worktreePath)).body.autoFix).toMatchObject({ remaining: 0, hasGivenUp: true });

    // The user answers themselves: the count starts again, the checks still fail (nothing changed).
    const answered = await shared.send(sessionId, "Let me look. [[mock:text ok]]");
    expect(answered.status).toBe(200);
    expect((await readChecksOf(worktreePath)).body.autoFix).toMatchObject({ attemptsUsed: 0, remaining: 2 });
    expect((await attentionOf(worktreePath))?.failingChecks).toMatchObject({ name: "unit", autoFixesSpent: null });
    expect(readFileSync(counter, "utf8")).toBe("3\n");

    const off = await setAutoFix({ worktreePath, enabled: false });
    expect(off.body.autoFix).toMatchObject({ enabled: false, remaining: 2, hasGivenUp: false });
    // Four CLI runs one after the other (the send, two fixes, the user's answer) on a shared machine.
  }, 240_000);
});

describe("What needs you: failing checks", () => {
  beforeAll(async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);
  });

  it("lists a worktree whose latest check failed or timed out, by the check's name, until it passes or is gone", async () => {
    await setChecks([
      { name: "lint", command: "true" },
      { name: "unit", command: "if [ -f slow.txt ]; then sleep 30; fi; test ! -f bad.txt", timeoutSeconds: 1 },
    ]);
    const { worktreePath } = await shared.repo.freshSession("attention");
    const run = async (expected: CheckRunView["status"]) => {
      const started = await callApi<WorktreeChecksView>(shared.env.arbor, "/api/worktrees/checks", {
        body: { repoId: shared.repo.repoId, worktreePath },
      });
      expect(started.status).toBe(202);
      const unit = started.body.checks.find((check) => check.name === "unit")!;
      const ended = await ws.waitFor(
        (message) => message.type === "check_run" && message.run.id === unit.id && message.run.status !== "running",
      );
      expect((ended as { run: CheckRunView }).run.status).toBe(expected);
    };

    await run("passed");
    expect(await attentionOf(worktreePath)).toMatchObject({ state: "idle", failingChecks: null });

    writeFileSync(path.join(worktreePath, "bad.txt"), "bad\n");
    await run("failed");
    expect(await attentionOf(worktreePath)).toMatchObject({
      state: "checks_failed",
      failingChecks: { name: "unit", status: "failed", count: 1, autoFixesSpent: null },
    });

    writeFileSync(path.join(worktreePath, "slow.txt"), "slow\n");
    await run("timed_out");
    expect((await attentionOf(worktreePath))?.failingChecks).toMatchObject({ name: "unit", status: "timed_out" });

    rmSync(path.join(worktreePath, "slow.txt"));
    rmSync(path.join(worktreePath, "bad.txt"));
    await run("passed");
    expect(await attentionOf(worktreePath)).toMatchObject({ state: "idle", failingChecks: null });

    writeFileSync(path.join(worktreePath, "bad.txt"), "bad\n");
    await run("failed");
    expect((await attentionOf(worktreePath))?.state).toBe("checks_failed");
    rmSync(worktreePath, { recursive: true, force: true });
    expect(await attentionOf(worktreePath)).toBeUndefined();
  });
});
