import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import { changeWorktreeHooks, openSession, sendChat } from "@/tests/support/call-api.ts";
import { expect, test } from "./chat-fixtures.ts";

/** Counts the hook list requests a page makes from now on (live updates must not need any). */
function countHookListRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (/\/api\/hooks\/(events|relays)\?/.test(request.url())) count += 1;
  });
  return () => count;
}

test("install hooks from the worktree timeline, then watch a terminal session and an Arbor run arrive live", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("hooks-live");
  const settingsFile = path.join(worktreePath, ".claude", "settings.local.json");
  await page.goto(`/logs?repo=${repo.repoId}&worktree=${encodeURIComponent(worktreePath)}`);
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  await expect(page.getByTestId("timeline-empty")).toBeVisible();

  await page.getByTestId("hooks-install-button").click();
  const previewFile = page.getByTestId("hooks-preview").getByTestId("hooks-preview-list-file");
  await expect(previewFile).toHaveCount(1);
  await expect(previewFile).toContainText(settingsFile);
  await expect(previewFile.getByTestId("hooks-file-preview")).toContainText("hooks.Stop");
  expect(existsSync(settingsFile)).toBe(false);
  await page.getByTestId("hooks-apply").click();
  await expect(page.getByTestId("hooks-result").getByTestId("hooks-result-list-file")).toHaveAttribute(
    "data-outcome",
    "written",
  );
  await expect(page.getByTestId("hooks-preview")).toHaveCount(0);
  expect(readFileSync(settingsFile, "utf8")).toContain("/bin/arbor-hook");
  await page.getByTestId("hooks-install-button").click();
  await expect(page.getByTestId("hooks-preview").getByTestId("hooks-file-outcome")).toHaveText("already installed");
  await expect(page.getByTestId("hooks-apply")).toBeDisabled();
  await page.getByTestId("hooks-cancel").click();

  const listRequests = countHookListRequests(page);
  const terminal = await runClaudeDirectly({
    env: claude,
    cwd: worktreePath,
    prompt: "terminal work [[mock:bash echo e2e]]",
    args: ["--allowedTools", "Bash"],
  });
  expect(terminal.exitCode).toBe(0);
  const terminalSession = sessionIdOf(terminal);
  const row = (eventName: string, sessionId = terminalSession) =>
    page.locator(`[data-testid="timeline-event"][data-event="${eventName}"][data-session="${sessionId}"]`);
  await expect(row("SessionStart")).toHaveCount(1);
  await expect(row("Stop")).toHaveCount(1);
  const bash = row("PreToolUse");
  await expect(bash).toHaveAttribute("data-tool", "Bash");
  await expect(bash.getByTestId("timeline-summary")).toContainText("echo e2e");
  await expect(bash.getByTestId("timeline-origin")).toHaveText("terminal");
  await expect(row("PostToolUse").getByTestId("timeline-duration")).toHaveText(/\d+(\.\d)? (ms|s)/);

  await bash.getByTestId("timeline-event-toggle").click();
  await expect(bash.getByTestId("timeline-payload")).toContainText('"command": "echo e2e"');
  await expect(bash.getByTestId("timeline-payload")).toContainText(`"session_id": "${terminalSession}"`);

  const relay = page.locator(`[data-testid="timeline-relay"][data-session="${terminalSession}"]`);
  await expect(relay.getByTestId("relay-prompt")).toContainText("terminal work");
  await expect(relay.locator('[data-testid="relay-tool"][data-tool="Bash"]')).toContainText("echo e2e");

  const chatSession = await openSession(claude.arbor, { repoId: repo.repoId, worktreePath });
  const sent = await sendChat(claude.arbor, { sessionId: chatSession, userMessage: "[[mock:text via arbor]]" });
  expect(sent.status).toBe(200);
  const arborSession = String(sent.body.run.claudeSessionId);
  await expect(row("Stop", arborSession).getByTestId("timeline-origin")).toHaveText("Arbor run");
  await expect(
    page.locator(`[data-testid="timeline-event"][data-session="${arborSession}"] [data-origin="terminal"]`),
  ).toHaveCount(0);
  await expect(row("Stop").getByTestId("timeline-origin")).toHaveText("terminal");
  // Everything above arrived over the WebSocket: the lists were never fetched again.
  expect(listRequests()).toBe(0);

  await page.getByTestId("timeline-filter-event").selectOption("PreToolUse");
  await expect(page.getByTestId("timeline-event")).toHaveCount(1);
  await expect(page.getByTestId("timeline-relay")).toHaveCount(0);
  await page.getByTestId("timeline-filter-event").selectOption("");
  await page.getByTestId("timeline-filter-session").selectOption(arborSession);
  await expect(page.locator(`[data-testid="timeline-event"][data-session="${terminalSession}"]`)).toHaveCount(0);
  await expect(row("Stop", arborSession)).toBeVisible();

  await page.getByTestId("hooks-uninstall-button").click();
  await expect(page.getByTestId("hooks-preview")).toHaveAttribute("data-action", "uninstall");
  await expect(page.getByTestId("hooks-preview").getByTestId("hooks-file-outcome")).toHaveText(
    "will remove Arbor's hooks",
  );
  await page.getByTestId("hooks-apply").click();
  await expect(page.getByTestId("hooks-result").getByTestId("hooks-file-outcome")).toHaveText("removed");
  expect(readFileSync(settingsFile, "utf8")).not.toContain("arbor-hook");
});

test("the Logs page finds events by their summary live, opens a session in order, and filters unpinned directories", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("hooks-logs");
  const installed = await changeWorktreeHooks(claude.arbor, { repoId: repo.repoId, worktreePath });
  expect(installed.body.files[0]?.isWritten).toBe(true);
  const needle = `needle-${Date.now()}`;

  await page.goto("/logs");
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  await page.getByTestId("logs-search").fill(needle);
  await expect(page.getByTestId("logs-empty")).toBeVisible();

  const run = await runClaudeDirectly({
    env: claude,
    cwd: worktreePath,
    prompt: `find me [[mock:bash echo ${needle}]]`,
    args: ["--allowedTools", "Bash"],
  });
  expect(run.exitCode).toBe(0);
  const sessionId = sessionIdOf(run);
  const rows = page.getByTestId("logs-event-row");
  await expect(rows.and(page.locator('[data-event="PreToolUse"]'))).toContainText(`Bash: echo ${needle}`);
  await expect(rows.and(page.locator('[data-event="PostToolUse"]'))).toContainText(needle);
  for (const text of await rows.allTextContents()) expect(text).toContain(needle);
  await expect(page.locator(`[data-testid="logs-session-link"][data-session="${sessionId}"]`)).toBeVisible();

  await page.getByTestId("logs-filter-unpinned").check();
  await expect(page.getByTestId("logs-empty")).toBeVisible();
  await page.getByTestId("logs-filter-unpinned").uncheck();
  await expect(rows.first()).toContainText(needle);

  await page.locator(`[data-testid="logs-session-link"][data-session="${sessionId}"]`).click();
  const view = page.getByTestId("logs-session-view");
  await expect(view).toHaveAttribute("data-session", sessionId);
  await expect(view.getByTestId("timeline-relay")).toContainText("find me");
  await expect(view.getByTestId("logs-session-event").first()).toHaveAttribute("data-event", "SessionStart");
  await expect(view.locator('[data-testid="logs-session-event"][data-event="Stop"]')).toHaveCount(1);
  const names = await view
    .getByTestId("logs-session-event")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-event")));
  expect(names[0]).toBe("SessionStart");
  const order = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"].map((name) =>
    names.indexOf(name),
  );
  expect(order.every((position, index) => position >= 0 && (index === 0 || position > order[index - 1]!))).toBe(true);
  await expect(view.getByTestId("event-gap").nth(1)).toHaveText(/^\+\d/);

  await view.getByTestId("logs-worktree-link").click();
  await expect(page.getByTestId("worktree-timeline")).toHaveAttribute("data-worktree", worktreePath);
  await expect(
    page.locator(`[data-testid="timeline-event"][data-session="${sessionId}"][data-event="PreToolUse"]`),
  ).toContainText(needle);
  await page.goBack();
  await page.getByTestId("logs-session-close").click();
  await expect(page.getByTestId("logs-search")).toBeVisible();
});

test("the chat header says whether Arbor's hooks are installed for the worktree, and installs them there", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("header-hooks");
  await page.goto(`/?repo=${repo.repoId}&wt=${encodeURIComponent(worktreePath)}`);
  const status = page.getByTestId("worktree-hooks");
  await expect(status.getByTestId("worktree-hooks-label")).toHaveText("No hooks");
  await expect(status.getByTestId("worktree-hooks-label")).toHaveAttribute(
    "title",
    new RegExp(`local settings: not installed \\(${worktreePath}/\\.claude/settings\\.local\\.json\\)`),
  );

  await status.getByTestId("worktree-hooks-install").click();
  await expect(status.getByTestId("worktree-hooks-label")).toHaveText("Hooks: local");
  await expect(status).toHaveAttribute("data-installed-in", "local");
  await expect(status.getByTestId("worktree-hooks-install")).toHaveCount(0);
  expect(readFileSync(path.join(worktreePath, ".claude", "settings.local.json"), "utf8")).toContain("/bin/arbor-hook");

  // A settings file Arbor will not rewrite (comments) is explained where the button was.
  const other = await repo.addWorktree("header-hooks-manual");
  mkdirSync(path.join(other, ".claude"), { recursive: true });
  writeFileSync(path.join(other, ".claude", "settings.local.json"), '// mine\n{ "model": "opus" }\n');
  await page.goto(`/?repo=${repo.repoId}&wt=${encodeURIComponent(other)}`);
  await page.getByTestId("worktree-hooks-install").click();
  await expect(page.getByTestId("worktree-hooks-error")).toContainText(/comments|by hand|rewrite/i);
  await expect(page.getByTestId("worktree-hooks-label")).toHaveText("No hooks");
});
