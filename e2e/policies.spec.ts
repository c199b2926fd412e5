import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import type { NotificationsBody, PoliciesBody, TopicsBody } from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks } from "@/tests/support/call-api.ts";
import { expect, openWorktree, sendMessage, test, type ChatRepo } from "./chat-fixtures.ts";

const tag = (title: string, id: string) => `<!-- [meta] project: demo (id: 1) | topic: ${title} (id: ${id}) -->`;

/** A new worktree of the test's repository with Arbor's hooks installed (the recorder and notifier act through them). */
async function hookedWorktree(claude: ArborWithClaude, repo: ChatRepo, name: string): Promise<string> {
  const worktreePath = await repo.addWorktree(name);
  const installed = await changeWorktreeHooks(claude.arbor, { repoId: repo.repoId, worktreePath });
  expect(installed.body.files[0]?.isWritten).toBe(true);
  return worktreePath;
}

async function unreadCount(claude: ArborWithClaude): Promise<number> {
  return (await callApi<NotificationsBody>(claude.arbor, "/api/notifications?unread=1")).body.notifications.length;
}

test("completions and an error in terminal sessions arrive live: toast, badge, desktop alert, inbox, mark read, open the chat", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await hookedWorktree(claude, repo, "notify");
  // A stand-in for the browser's Notification API that records what would have been shown.
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = [];
    class RecordingNotification {
      static permission: NotificationPermission = "default";
      static requestPermission(): Promise<NotificationPermission> {
        RecordingNotification.permission = "granted";
        return Promise.resolve("granted");
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? "" });
      }
    }
    Object.assign(window, { __shownNotifications: shown });
    // The service worker's notifications (public/sw.js shows them once it runs) are recorded the same way.
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? "" });
      return Promise.resolve();
    };
    Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true });
  });
  const before = await unreadCount(claude);
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  const bell = page.getByTestId("notifications-bell");
  await expect(bell).toHaveAttribute("data-unread", String(before));
  await bell.click();
  await page.getByTestId("enable-browser-notifications").click();
  await expect(page.getByTestId("browser-notifications-on")).toBeVisible();
  await page.getByTestId("notifications-close").click();
  await expect(page.getByTestId("notifications-inbox")).toHaveCount(0);

  const run = runClaudeDirectly({ env: claude, cwd: worktreePath, prompt: "[[mock:text Task completed: all done.]]" });
  const toast = page.getByTestId("notification-toast").filter({ hasText: "Task completed: all done." });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-type", "completion");
  expect((await run).exitCode).toBe(0);
  await expect(bell).toHaveAttribute("data-unread", String(before + 1));
  await expect(page.getByTestId("notifications-badge")).toHaveText(String(before + 1));
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __shownNotifications: Array<{ body: string }> }).__shownNotifications.map(
          (n) => n.body,
        ),
      ),
    )
    .toContain("Task completed: all done.");

  await bell.click();
  const group = page
    .getByTestId("notifications-inbox")
    .locator(`[data-testid="notifications-group"][data-worktree="${worktreePath}"]`);
  const item = group.getByTestId("notification-item");
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute("data-type", "completion");
  await expect(item).toContainText("Task completed: all done.");
  await item.getByTestId("notification-read").click();
  await expect(group).toHaveCount(0);
  await expect(bell).toHaveAttribute("data-unread", String(before));
  if (before === 0) await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
  const unreadHere = await callApi<NotificationsBody>(
    claude.arbor,
    `/api/notifications?unread=1&worktreePath=${encodeURIComponent(worktreePath)}`,
  );
  expect(unreadHere.body.notifications).toHaveLength(0);
  await page.getByTestId("notifications-close").click();

  const failing = runClaudeDirectly({
    env: claude,
    cwd: worktreePath,
    prompt: "[[mock:text The build failed with a linker error, so I am aborting.]]",
  });
  const errorToast = page.getByTestId("notification-toast").filter({ hasText: "so I am aborting" });
  await expect(errorToast).toHaveAttribute("data-type", "error");
  expect((await failing).exitCode).toBe(0);
  await expect(bell).toHaveAttribute("data-unread", String(before + 1));
  await errorToast.getByTestId("notification-toast-open").click();
  await expect(page.getByTestId("chat-worktree-path")).toHaveText(worktreePath);
  expect(new URL(page.url()).searchParams.get("repo")).toBe(repo.repoId);
  await expect(bell).toHaveAttribute("data-unread", String(before));

  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  expect(
    (await runClaudeDirectly({ env: claude, cwd: worktreePath, prompt: "[[mock:text All tests passed.]]" })).exitCode,
  ).toBe(0);
  await expect(bell).toHaveAttribute("data-unread", String(before + 1));
  await bell.click();
  await group.getByTestId("notifications-read-worktree").click();
  await expect(group).toHaveCount(0);
  await expect(bell).toHaveAttribute("data-unread", String(before));
});

test("the recorder logs a tagged terminal answer under its topic on the project page; a decision recorded there closes it", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await hookedWorktree(claude, repo, "recorder");
  await page.goto(`/?repo=${repo.repoId}&wt=${encodeURIComponent(worktreePath)}`);
  await expect(page.getByTestId("chat-worktree-path")).toHaveText(worktreePath);
  await page.getByTestId("project-link").click();
  await expect(page.getByTestId("project-view")).toHaveAttribute("data-repo", repo.repoId);
  await expect(page.getByTestId("topics-empty")).toBeVisible();
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");

  // The tagged answer is queued rather than put in a [[mock:text …]] directive: the relay summary's
  // own `claude -p` runs in this worktree with the same hooks and quotes the prompt, so a directive
  // there would make the mock answer it with the tag again and the recorder log that as a new topic.
  claude.mock.enqueue({
    name: "tagged",
    steps: [{ type: "text", text: `We should cache results.\n${tag("Caching", "new")}` }],
  });
  const run = await runClaudeDirectly({ env: claude, cwd: worktreePath, prompt: "How should we cache results?" });
  expect(run.exitCode).toBe(0);
  const topic = page
    .getByTestId("topic-item")
    .filter({ has: page.getByTestId("topic-title").getByText("Caching", { exact: true }) });
  await expect(topic).toHaveAttribute("data-status", "open");
  await topic.getByTestId("topic-toggle").click();
  const entry = topic.getByTestId("topic-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("topic-entry-summary")).toContainText("We should cache results.");
  await expect(entry.getByTestId("topic-entry-summary")).not.toContainText("[meta]");
  await expect(entry.getByTestId("entry-session-link")).toHaveAttribute("href", `/logs?session=${sessionIdOf(run)}`);
  // The mock's default answer to the summary prompt is not a "User: … / AI: …" line: the summary ends up extractive, with the reason shown.
  await expect(entry).toHaveAttribute("data-kind", "extractive", { timeout: 45_000 });
  await expect(entry.getByTestId("summary-kind-badge")).toHaveText("extractive");
  await expect(entry.getByTestId("topic-entry-error")).toContainText("failed");

  await topic.getByTestId("decision-input").fill("Use an LRU cache");
  await topic.getByTestId("decision-save").click();
  await expect(topic).toHaveAttribute("data-status", "decided");
  await expect(topic.getByTestId("topic-decision")).toContainText("Use an LRU cache");
  await expect(topic.getByTestId("decision-input")).toHaveValue("");
  const stored = (await callApi<TopicsBody>(claude.arbor, `/api/repos/${repo.repoId}/topics`)).body.topics;
  expect(stored).toMatchObject([{ title: "Caching", status: "decided", decisions: [{ text: "Use an LRU cache" }] }]);
});

test("enforcement switched on in the UI blocks an untagged answer; the session's fired chain shows the blocked Stop", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await hookedWorktree(claude, repo, "enforce");
  await page.goto(`/project?repo=${repo.repoId}&wt=${encodeURIComponent(worktreePath)}`);
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  const enforce = page.getByTestId("policy-enforce");
  await expect(enforce).not.toBeChecked();
  await expect(page.getByTestId("policy-recorder")).toBeChecked();
  await enforce.click();
  await expect(enforce).toBeChecked();
  await expect(page.getByTestId("policies-panel")).toHaveAttribute("data-save-state", "success");
  try {
    expect(
      (await callApi<PoliciesBody>(claude.arbor, `/api/repos/${repo.repoId}/policies`)).body.policies.enforceMetaTag,
    ).toBe(true);
    // The Stop hook's feedback is a new turn for the mock: it takes the second queued script.
    claude.mock.enqueue({ name: "untagged", steps: [{ type: "text", text: "no tag" }] });
    claude.mock.enqueue({
      name: "tagged",
      steps: [{ type: "text", text: `Tagged now.\n${tag("Enforced topic", "new")}` }],
    });
    const run = await runClaudeDirectly({ env: claude, cwd: worktreePath, prompt: "Please explain the cache." });
    expect(run.exitCode).toBe(0);
    const sessionId = sessionIdOf(run);

    const topic = page.getByTestId("topic-item").filter({ hasText: "Enforced topic" });
    await expect(topic).toHaveAttribute("data-status", "open");
    await topic.getByTestId("topic-toggle").click();
    const entry = topic.getByTestId("topic-entry");
    await expect(entry.getByTestId("topic-entry-summary")).toContainText("Tagged now.");
    // The summary runs `claude -p` in the background and takes the mock's default script; let it finish first.
    await expect(entry).not.toHaveAttribute("data-kind", "pending", { timeout: 45_000 });

    await page.locator(`[data-testid="chain-session-link"][data-session="${sessionId}"]`).click();
    const view = page.getByTestId("logs-session-view");
    await expect(view).toHaveAttribute("data-session", sessionId);
    const stops = view.locator('[data-testid="logs-session-event"][data-event="Stop"]');
    await expect(stops).toHaveCount(2);
    const blocked = stops.and(page.locator('[data-blocked="true"]'));
    await expect(blocked).toHaveCount(1);
    await expect(blocked.getByTestId("timeline-blocked-stop")).toContainText("A hook blocked this stop");
    await expect(blocked.getByTestId("timeline-blocked-stop")).toContainText("meta tag");
    await expect(stops.nth(0)).toHaveAttribute("data-blocked", "true");
    await expect(stops.nth(1)).toHaveAttribute("data-block", "true");
    await expect(view.getByTestId("logs-session-blocks")).toHaveText("1 blocked stop");
  } finally {
    await callApi(claude.arbor, `/api/repos/${repo.repoId}/policies`, {
      method: "PUT",
      body: { enforceMetaTag: false },
    });
  }
});

test("the hook chain inspector lists the user's own Stop hook before Arbor's", async ({ page, claude, repo }) => {
  const worktreePath = await hookedWorktree(claude, repo, "chain");
  const projectSettings = path.join(worktreePath, ".claude", "settings.json");
  mkdirSync(path.dirname(projectSettings), { recursive: true });
  writeFileSync(
    projectSettings,
    `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] } }, null, 2)}\n`,
  );

  await page.goto(`/project?repo=${repo.repoId}`);
  const panel = page.getByTestId("hook-chain-panel");
  await expect(panel).toHaveAttribute("data-worktree", repo.mainPath);
  await expect(panel.getByTestId("chain-empty")).toBeVisible();
  await page.getByTestId("chain-worktree-select").selectOption(worktreePath);
  await expect(panel).toHaveAttribute("data-worktree", worktreePath);
  const stop = panel.locator('[data-testid="chain-handler"][data-event="Stop"]');
  await expect(stop).toHaveCount(2);
  await expect(stop.nth(0)).toHaveAttribute("data-level", "project");
  await expect(stop.nth(0)).toHaveAttribute("data-arbor", "false");
  await expect(stop.nth(0).getByTestId("chain-command")).toHaveText("echo mine");
  await expect(stop.nth(1)).toHaveAttribute("data-level", "local");
  await expect(stop.nth(1)).toHaveAttribute("data-arbor", "true");
  await expect(stop.nth(1).getByTestId("chain-arbor-badge")).toBeVisible();
  await expect(
    panel.locator('[data-testid="chain-handler"][data-event="SessionStart"][data-arbor="true"]'),
  ).toHaveCount(1);
  await expect(panel.getByTestId("chain-problem")).toHaveCount(0);
});

test("the timeline beside the chat shows the worktree's hook events among the chat's messages, and stays on after a reload", async ({
  page,
  claude,
  repo,
}) => {
  const worktreePath = await hookedWorktree(claude, repo, "side-timeline");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  const toggle = page.getByTestId("timeline-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("chat-timeline")).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const timeline = page.getByTestId("chat-timeline").getByTestId("worktree-timeline");
  await expect(timeline).toHaveAttribute("data-worktree", worktreePath);
  await expect(timeline.getByTestId("timeline-items")).toHaveAttribute("data-loaded", "true");
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");

  const terminal = await runClaudeDirectly({
    env: claude,
    cwd: worktreePath,
    prompt: "[[mock:text from the terminal]]",
  });
  expect(terminal.exitCode).toBe(0);
  const terminalStop = timeline.locator(
    `[data-testid="timeline-event"][data-event="Stop"][data-session="${sessionIdOf(terminal)}"]`,
  );
  await expect(terminalStop).toHaveCount(1);
  await expect(terminalStop.getByTestId("timeline-origin")).toHaveText("terminal");

  await sendMessage(page, "[[mock:text from the chat]]");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("from the chat");
  const chatUser = timeline.locator('[data-testid="timeline-chat-message"][data-role="user"]');
  await expect(chatUser).toContainText("from the chat");
  const arborStop = timeline
    .locator('[data-testid="timeline-event"][data-event="Stop"]')
    .filter({ has: page.locator('[data-origin="arbor"]') });
  await expect(arborStop).toHaveCount(1);
  // In time order: the terminal session, then the chat's message, then the Stop of the run it started.
  const order = await timeline
    .locator('[data-testid="timeline-items"] > li > *')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.getAttribute("data-testid")}:${row.getAttribute("data-event") ?? row.getAttribute("data-role") ?? ""}:${row.querySelector("[data-origin]")?.getAttribute("data-origin") ?? ""}`,
      ),
    );
  const at = (entry: string) => order.indexOf(entry);
  expect(at("timeline-event:Stop:terminal")).toBeGreaterThanOrEqual(0);
  expect(at("timeline-event:Stop:terminal")).toBeLessThan(at("timeline-chat-message:user:"));
  expect(at("timeline-chat-message:user:")).toBeLessThan(at("timeline-event:Stop:arbor"));
  // The link under the events comes after the last one, never over it, however short the window.
  await page.setViewportSize({ width: 1440, height: 420 });
  await page.getByTestId("chat-timeline").evaluate((aside) => aside.scrollTo(0, aside.scrollHeight));
  const lastEvent = (await timeline.locator('[data-testid="timeline-items"] > li').last().boundingBox())!;
  const logsLink = (await page.getByTestId("chat-timeline-logs-link").boundingBox())!;
  expect(logsLink.y).toBeGreaterThanOrEqual(lastEvent.y + lastEvent.height - 1);

  await page.reload();
  await expect(page.getByTestId("timeline-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByTestId("chat-timeline").locator('[data-testid="timeline-event"][data-event="Stop"]'),
  ).toHaveCount(2);
  await page.getByTestId("logs-link").click();
  await expect(page.getByTestId("worktree-timeline")).toHaveAttribute("data-worktree", worktreePath);
  await expect(page.getByTestId("hooks-install-panel")).toBeVisible();
});
