import Database from "better-sqlite3";
import path from "node:path";
import { vanishClaudeBin } from "@/tests/support/vanished-claude.ts";
import { openSession, sendChat } from "@/tests/support/call-api.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

test("send, watch the answer stream in, reload mid-stream, and find the history and the run", async ({
  page,
  claude,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  const text = "Explain `x` $(whoami) 'quoted' 日本語 [[mock:slow 700]]";
  await sendMessage(page, text);
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("Explain");
  const streaming = page.getByTestId("streaming-answer");
  await expect(streaming).toContainText("Slow stream");
  await expect(streaming).not.toContainText("done.");
  await page.reload();
  // After the reload the same run is still streaming: replayed from the start, then live.
  await expect(page.getByTestId("streaming-answer")).toContainText("Slow stream");
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(answer).toContainText("done.");
  await expect(answer.getByTestId("answer-footer")).toContainText(/turn/);
  await page.reload();
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("Explain");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("done.");

  const db = new Database(path.join(claude.arbor.dataDir, "arbor.db"), { readonly: true });
  const run = db
    .prepare("SELECT * FROM agent_runs WHERE worktree_path = ? ORDER BY created_at DESC LIMIT 1")
    .get(repo.mainPath) as Record<string, string>;
  db.close();
  expect(run.status).toBe("success");
  const request = claude.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === run.claude_session_id)!;
  const prompt = lastUserText(request)!;
  const positions = ["# 1. System", "# 2. Context", "# 3. Plan", "# 4. Memory", "# 5. User message"].map((h) =>
    prompt.indexOf(h),
  );
  expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
  expect(prompt.endsWith(text)).toBe(true);
});

test("Markdown answers render tables and highlighted code with a copy button; Shift+Enter makes a newline", async ({
  page,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("composer-input").fill("line one");
  await page.getByTestId("composer-input").press("Shift+Enter");
  await page.keyboard.insertText("line two [[mock:text | a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```]]");
  await expect(page.getByTestId("composer-input")).toHaveValue(/line one\nline two/);
  await page.getByTestId("composer-input").press("Enter");
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(answer.locator("table td").first()).toHaveText("1");
  await expect(answer.locator("pre code")).toContainText("const x = 1;");
  await expect(answer.getByTestId("copy-code")).toBeVisible();
});

test("a remote image in an answer is not fetched: a placeholder names its host and opens it in a new tab", async ({
  page,
  repo,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("tracker.example")) fetched.push(request.url());
  });
  const pixel =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(
    page,
    `[[mock:text Here: ![build status](https://tracker.example/p.png?u=1) and ![dot](${pixel})]]`,
  );
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  const placeholder = answer.getByTestId("remote-image");
  await expect(placeholder).toHaveAttribute("data-host", "tracker.example");
  await expect(placeholder).toContainText("tracker.example");
  await expect(placeholder).toContainText("build status");
  await expect(placeholder).toHaveAttribute("rel", "noopener noreferrer");
  await expect(answer.locator("img")).toHaveCount(1);
  await expect(answer.locator('img[alt="dot"]')).toHaveAttribute("src", pixel);
  expect(fetched).toEqual([]);

  // Opening it is the user's choice: a new tab, which then loads it.
  await page
    .context()
    .route("https://tracker.example/**", (route) =>
      route.fulfill({ contentType: "image/png", body: Buffer.from(pixel.split(",")[1]!, "base64") }),
    );
  const [tab] = await Promise.all([page.waitForEvent("popup"), placeholder.click()]);
  await expect(tab).toHaveURL("https://tracker.example/p.png?u=1");
  await tab.close();
});

test("Stop cancels a running answer and keeps the partial text", async ({ page, repo }) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "long one [[mock:slow 400]]");
  await expect(page.getByTestId("streaming-answer")).toContainText("Slow");
  await page.getByTestId("stop-button").click();
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute("data-status", "cancelled");
  await expect(answer).toContainText("Slow");
  await expect(answer.getByTestId("run-status")).toHaveAttribute("data-status", "cancelled");
});

test("a second message in the same worktree queues; another worktree runs at the same time", async ({
  page,
  context,
  repo,
}) => {
  const other = await repo.addWorktree("parallel");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  // A long first answer (10 deltas 900 ms apart) so the checks below happen while it is still running.
  await sendMessage(page, "first [[mock:slow 900]]");
  await expect(page.getByTestId("streaming-answer")).toBeVisible();
  await expect(
    page.locator(`[data-testid="worktree-row"][data-path="${repo.mainPath}"]`).getByTestId("worktree-running"),
  ).toBeVisible();
  await sendMessage(page, "second [[mock:text second answer]]");
  await expect(page.getByTestId("queued-indicator")).toBeVisible();
  await expect(page.getByTestId("queued-reason")).toHaveText(
    "#1 in line — starts when this worktree's current answer ends",
  );

  const second = await context.newPage();
  await openWorktree(second, { repoId: repo.repoId, worktreePath: other });
  await sendMessage(second, "[[mock:text parallel answer]]");
  await expect(second.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(
    "parallel answer",
  );
  await expect(page.getByTestId("streaming-answer")).not.toContainText("done.");

  // The queued answer needs the slow first run to end and a second claude to start and answer:
  // two CLI runs back to back, which on a loaded two-core CI machine can take longer than one wait.
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("second answer", {
    timeout: 60_000,
  });
  const answers = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(answers).toHaveCount(2);
  await expect(answers.first()).toContainText("done.");
});

test("an overloaded API shows live retries and a Retry button; the message is kept", async ({ page, repo }) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "try [[mock:error 529]]");
  await expect(page.getByTestId("retry-progress")).toContainText(/retry 1 of 1/i);
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(answer.getByTestId("run-status")).toHaveAttribute("data-status", "failed");
  await expect(answer.getByTestId("run-status")).toContainText(/overloaded/i);
  await expect(answer.getByTestId("retry-button")).toBeVisible();
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("try");
});

test("tool use shows as cards: an allowed Bash command with its output, and one the user denied", async ({
  page,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:bash echo hi > out.txt]]");
  // In Ask mode the command waits for the user, its card marked as waiting.
  const waiting = page.locator('[data-testid="tool-card"][data-tool="Bash"]');
  await expect(waiting).toContainText("echo hi > out.txt");
  await expect(waiting).toHaveAttribute("data-state", "waiting");
  await page.getByTestId("approval-deny").click();
  await page.getByTestId("approval-deny-form-submit").click();
  const denied = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(denied.locator('[data-testid="tool-card"][data-tool="Bash"]')).toContainText("echo hi > out.txt");
  // The user's Deny is their decision: no warning and no retry of what they refused.
  await expect(denied.locator('[data-testid="tool-card"][data-tool="Bash"]')).toHaveAttribute(
    "data-state",
    "you denied",
  );
  await expect(denied.getByTestId("permission-denials")).toHaveCount(0);

  await sendMessage(page, "[[mock:bash node -e 'console.log(\"hello from node\")']]");
  await page.getByTestId("approval-allow-once").click();
  const allowed = page.locator('[data-testid="message"][data-role="assistant"]').last();
  const card = allowed.locator('[data-testid="tool-card"][data-tool="Bash"]');
  await expect(card).toHaveAttribute("data-state", "done");
  await expect(card.getByTestId("tool-output")).toContainText("hello from node");
  await expect(card.getByTestId("approval-outcome")).toContainText("Allowed once");
  await expect(allowed.getByTestId("permission-denial")).toHaveCount(0);
});

test("an empty message cannot be sent, an unknown claude binary is refused in Settings, and a vanished one is explained in the chat", async ({
  page,
  repo,
  claude,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("composer-input").fill("   ");
  await page.getByTestId("composer-input").press("Enter");
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(0);

  await page.goto("/settings");
  await expect(page.getByTestId("settings-claude-path")).toContainText("/node_modules/.bin/claude");
  await page.getByLabel(/claude binary/i).fill("/nowhere/claude");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("settings-error-claudeBin")).toContainText("/nowhere/claude does not exist");
  await expect(page.getByTestId("settings-saved")).toHaveCount(0);

  const vanished = await vanishClaudeBin(claude.arbor);
  try {
    await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
    await sendMessage(page, "hello?");
    const status = page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId("run-status");
    await expect(status).toContainText(vanished.bin);
    await expect(status).toContainText(/npm install -g @anthropic-ai\/claude-code/);
  } finally {
    await vanished.restore();
  }
});

test("a run that ends in a worktree that is not open shows an unread badge", async ({ page, claude, repo }) => {
  const other = await repo.addWorktree("background");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  // Another agent's run (sent from elsewhere) ends while the page shows a different worktree.
  const sessionId = await openSession(claude.arbor, { repoId: repo.repoId, worktreePath: other });
  const sent = await sendChat(claude.arbor, { sessionId, userMessage: "[[mock:slow 20]]" });
  expect(sent.body.run.status).toBe("success");
  const otherRow = page.locator(`[data-testid="worktree-row"][data-path="${other}"]`);
  await expect(otherRow.getByTestId("worktree-unread")).toBeVisible();
  await otherRow.getByTestId("worktree-open").click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("done.");
  await expect(otherRow.getByTestId("worktree-unread")).toHaveCount(0);
});

test("one path for a send: it is accepted at once, the answer comes over the WebSocket, and nothing re-reads the chat", async ({
  page,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  // A first exchange settles the page: the worktree joins the attention view, the composer's panels load. It
  // starts a cold CLI, which on CI's two shared cores has taken longer than one expectation (decision 0030).
  await sendMessage(page, "[[mock:text warm]]");
  await expect(page.locator('[data-testid="message"][data-role="assistant"][data-status="complete"]')).toHaveCount(1, {
    timeout: 60_000,
  });
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`);
  });
  const accepted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/chat/send");
  await sendMessage(page, "count the requests [[mock:slow 200]]");
  expect((await accepted).status()).toBe(202);
  // The send answered while the answer was still streaming.
  await expect(page.getByTestId("streaming-answer")).toContainText("Slow stream");
  const answer = page.locator('[data-testid="message"][data-role="assistant"][data-status="complete"]').last();
  await expect(answer).toContainText("done.");
  await expect(answer.getByTestId("answer-footer")).toContainText(/turn/);
  // Drain what the end set off (the git rescan of the worktree, the inbox), then look at every request since
  // the send: the answer, the run and the worktree's state came on the socket, so nothing read the messages,
  // the runs, the activity or the attention view again.
  await expect
    .poll(() => requests.filter((request) => request === "POST /api/chat/sessions/read").length)
    .toBeGreaterThan(0);
  const chatReads = requests.filter((request) =>
    /^GET \/api\/(chat\/(messages|runs|sessions)|activity|attention|repos\/[^/]+\/activity)/.test(request),
  );
  expect(chatReads).toEqual([]);
  expect(requests.filter((request) => request === "POST /api/chat/send")).toHaveLength(1);
});
