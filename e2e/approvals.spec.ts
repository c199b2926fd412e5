// The agent asks, the user answers: approval cards in the browser with the real CLI (mock model).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { callApi } from "@/tests/support/call-api.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

const lastAnswer = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last();
const row = (page: Page, worktreePath: string) =>
  page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

/** Desktop alerts the page showed, through a stand-in for the browser's Notification (allowed). */
async function recordDesktopAlerts(page: Page): Promise<() => Promise<Array<{ title: string; body: string }>>> {
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = [];
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? "" });
      }
    }
    // The service worker's notifications (public/sw.js shows them once it runs) are recorded the same way.
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? "" });
      return Promise.resolve();
    };
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
    Object.defineProperty(window, "arborShownAlerts", { value: shown });
  });
  return () => page.evaluate(() => (window as unknown as { arborShownAlerts: [] }).arborShownAlerts);
}

test("an Edit waits as a diff; it survives a reload, is allowed once, the file changes, and another browser sees who answered", async ({
  page,
  browser,
  claude,
  repo,
}) => {
  const file = path.join(repo.mainPath, "notes.txt");
  writeFileSync(file, "one\ntwo words here\nthree\n");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:edit notes.txt two words => two WORDS]]");

  const card = page.getByTestId("approval-card");
  await expect(card).toHaveAttribute("data-tool", "Edit");
  await expect(card.getByTestId("approval-headline")).toHaveText("Claude wants to edit notes.txt");
  await expect(card.getByTestId("diff-line")).toHaveCount(4);
  await expect(card.locator('[data-testid="diff-line"][data-kind="removed"]')).toContainText("two words here");
  await expect(card.locator('[data-testid="diff-line"][data-kind="added"]')).toContainText("two WORDS here");
  await expect(card.locator('[data-kind="added"] [data-testid="diff-changed-word"]')).toHaveText("WORDS");
  await expect(card.getByTestId("approval-allow-once")).toHaveAttribute("aria-keyshortcuts", "a");
  await expect(page).toHaveTitle("(1) Arbor");
  await expect(row(page, repo.mainPath).getByTestId("worktree-waiting")).toHaveText("waiting for you");

  await page.reload();
  await expect(page.getByTestId("approval-card")).toHaveAttribute("data-tool", "Edit");
  // Another browser, signed in on its own: answers are signed by the server with the browser that gave them.
  const otherBrowser = await browser.newContext();
  const other = await otherBrowser.newPage();
  await other.goto(await claude.arbor.mintSignInLink());
  await openWorktree(other, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await expect(other.getByTestId("approval-card")).toBeVisible();

  await page.getByTestId("approval-allow-once").click();
  await expect(lastAnswer(page)).toContainText("Edit returned");
  expect(readFileSync(file, "utf8")).toBe("one\ntwo WORDS here\nthree\n");
  const mine = lastAnswer(page).getByTestId("approval-outcome");
  await expect(mine).toHaveAttribute("data-status", "allowed");
  await expect(mine).toContainText("Allowed once");
  await expect(mine.getByTestId("approval-answered-by")).toHaveText("· by this browser");
  const theirs = lastAnswer(other).getByTestId("approval-outcome");
  await expect(theirs).toContainText("Allowed once");
  await expect(theirs.getByTestId("approval-answered-by")).toHaveText(/· by Chromium on Linux · [0-9a-f]{4}/);
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
  await expect(other.getByTestId("approval-card")).toHaveCount(0);
  await expect(page).toHaveTitle("Arbor");
  await otherBrowser.close();
});

test("a command denied with the D key and a message: Claude reads the message, and the card shows it as your decision", async ({
  page,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:bash node -e 'console.log(String(6 * 7))']]");
  const card = page.getByTestId("approval-card");
  await expect(card.getByTestId("approval-command")).toContainText("node -e 'console.log(String(6 * 7))'");
  // The composer has the focus after sending: keys typed there stay text.
  await expect(page.getByTestId("composer-input")).toBeFocused();
  await page.getByTestId("message-list").click();
  await page.keyboard.press("d");
  const message = card.getByTestId("approval-deny-form-input");
  await expect(message).toBeFocused();
  await message.fill("Use the tests instead of node -e.");
  await message.press("Enter");

  const answer = lastAnswer(page);
  await expect(answer).toContainText("Bash returned an error: Use the tests instead of node -e.");
  await expect(answer.getByTestId("approval-outcome")).toContainText("Denied: Use the tests instead of node -e.");
  // A decision, not a failure: no warning, and the refused command is not offered again.
  const tool = answer.locator('[data-testid="tool-card"][data-tool="Bash"]');
  await expect(tool).toHaveAttribute("data-state", "you denied");
  await expect(tool).toContainText("you denied");
  await expect(answer.getByTestId("permission-denials")).toHaveCount(0);
  await expect(answer.getByTestId("allow-and-retry")).toHaveCount(0);
});

test("a request nobody answers in time is refused with how to allow it; 'Allow and retry' runs it", async ({
  page,
  claude,
  repo,
}) => {
  const timeout = (seconds: number) =>
    callApi(claude.arbor, "/api/settings", { method: "PUT", body: { approvalTimeoutSeconds: seconds } });
  expect((await timeout(5)).status).toBe(200);
  try {
    await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
    await sendMessage(page, "[[mock:bash node -e 'console.log(String(6 * 7))']]");
    const answer = lastAnswer(page);
    await expect(answer.getByTestId("approval-outcome")).toContainText(/expired|no answer/i, { timeout: 30_000 });
    await expect(answer.locator('[data-testid="tool-card"][data-tool="Bash"]')).toHaveAttribute("data-state", "denied");
    await expect(answer.getByTestId("permission-denial")).toContainText("not allowed to use Bash");
  } finally {
    await timeout(1800);
  }
  await lastAnswer(page).getByTestId("allow-and-retry").click();
  const retried = lastAnswer(page);
  await expect(retried).toContainText("Bash returned: 42");
  await expect(retried.locator('[data-testid="tool-card"][data-tool="Bash"]')).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
});

test("'Allow always' for a command: the next identical one runs without asking; the rule is listed and removable on the Project page", async ({
  page,
  repo,
}) => {
  const command = "node -e 'console.log(String(40 + 2))'";
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, `[[mock:bash ${command}]]`);
  const card = page.getByTestId("approval-card");
  await card.getByTestId("approval-allow-always").click();
  await expect(card.getByTestId("approval-always-rule")).toContainText("Bash(node -e");
  await card.getByTestId("approval-always-worktree").click();
  await expect(lastAnswer(page)).toContainText("Bash returned: 42");
  await expect(lastAnswer(page).getByTestId("approval-outcome")).toContainText("Always allowed (this worktree)");

  await sendMessage(page, `again [[mock:bash ${command}]]`);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(2);
  await expect(lastAnswer(page)).toContainText("Bash returned: 42");
  await expect(lastAnswer(page).getByTestId("approval-outcome")).toHaveCount(0);

  await page.goto(`/project?repo=${repo.repoId}`);
  const rule = page.getByTestId("permission-rule");
  await expect(rule).toHaveAttribute("data-scope", "worktree");
  await expect(rule.getByTestId("permission-rule-label")).toContainText("Bash(node -e");
  await rule.getByTestId("permission-rule-remove").click();
  await expect(page.getByTestId("permission-rules-empty")).toBeVisible();
});

test("a question is answered from its form (Enter sends) and Claude gets the answer", async ({ page, repo }) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:ask Which database?|SQLite|PostgreSQL]]");
  const card = page.getByTestId("approval-card");
  await expect(card).toHaveAttribute("data-kind", "question");
  const question = card.getByTestId("question");
  await expect(question).toContainText("Which database?");
  await expect(question.getByTestId("question-option")).toHaveText([/SQLite\s*Choose SQLite/, /PostgreSQL/]);
  await question.getByLabel(/PostgreSQL/).check();
  await question.getByLabel(/PostgreSQL/).press("Enter");
  await expect(lastAnswer(page)).toContainText('"Which database?"="PostgreSQL"');
  await expect(lastAnswer(page).getByTestId("approval-outcome")).toContainText("Answered: PostgreSQL");
});

test("in Plan mode (chosen in the header; Bypass is locked while untrusted) a plan is shown and approved with A", async ({
  page,
  repo,
}) => {
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await expect(page.getByTestId("mode-menu-button")).toHaveAttribute("data-mode", "default");
  await page.getByTestId("mode-menu-button").click();
  await expect(page.getByTestId("mode-option-bypassPermissions")).toBeDisabled();
  await expect(page.getByTestId("mode-option-bypassPermissions")).toContainText("Only in a repository you trust");
  await page.getByTestId("mode-option-plan").click();
  await expect(page.getByTestId("mode-menu")).toHaveCount(0);
  await expect(page.getByTestId("mode-menu-button")).toHaveAttribute("data-mode", "plan");
  await page.reload();
  await expect(page.getByTestId("mode-menu-button")).toHaveAttribute("data-mode", "plan");

  await sendMessage(page, "[[mock:plan # The plan\\n1. Add the table\\n2. Test it]]");
  const card = page.getByTestId("approval-card");
  await expect(card).toHaveAttribute("data-kind", "plan");
  await expect(card.getByTestId("plan-text").locator("h1")).toHaveText("The plan");
  await expect(card.getByTestId("plan-text").locator("li")).toHaveText(["Add the table", "Test it"]);
  await expect(card.getByTestId("plan-mode-bypassPermissions")).toBeDisabled();
  await card.getByTestId("plan-mode-acceptEdits").check();
  await page.getByTestId("message-list").click();
  await page.keyboard.press("a");
  await expect(lastAnswer(page)).toContainText("User has approved your plan");
  await expect(lastAnswer(page).getByTestId("approval-outcome")).toContainText(
    "Plan approved; continuing in Accept edits",
  );
  // The header follows: the worktree is in Accept edits now, not in Plan.
  await expect(page.getByTestId("mode-menu-button")).toHaveAttribute("data-mode", "acceptEdits");
});

test("two worktrees wait at once: both rows say 'waiting for you', the title, the inbox and desktop alerts count them; A and D answer", async ({
  page,
  repo,
}) => {
  const alerts = await recordDesktopAlerts(page);
  const other = await repo.addWorktree("second");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:bash node -e 'console.log(String(1))']]");
  await expect(page.getByTestId("approval-card")).toBeVisible();
  await row(page, other).getByTestId("worktree-open").click();
  await sendMessage(page, "[[mock:bash node -e 'console.log(String(2))']]");
  await expect(page.getByTestId("approval-card")).toBeVisible();

  await expect(row(page, repo.mainPath).getByTestId("worktree-waiting")).toBeVisible();
  await expect(row(page, other).getByTestId("worktree-waiting")).toBeVisible();
  await expect(page).toHaveTitle("(2) Arbor");
  await page.getByTestId("notifications-bell").click();
  await expect(page.getByTestId("inbox-waiting-item")).toHaveCount(2);
  await expect(page.getByTestId("inbox-waiting")).toContainText("Bash: node -e 'console.log(String(2))'");
  await page.keyboard.press("Escape");
  await expect
    .poll(async () => (await alerts()).map((alert) => `${alert.title} | ${alert.body}`).sort())
    .toEqual([
      `Claude is waiting for you in ${path.basename(repo.mainPath)} | Bash: node -e 'console.log(String(1))'`,
      `Claude is waiting for you in second | Bash: node -e 'console.log(String(2))'`,
    ]);

  await page.getByTestId("composer-input").blur();
  await page.keyboard.press("a");
  await expect(lastAnswer(page)).toContainText("Bash returned: 2");
  await expect(row(page, other).getByTestId("worktree-waiting")).toHaveCount(0);
  await expect(page).toHaveTitle("(1) Arbor");

  await row(page, repo.mainPath).getByTestId("worktree-open").click();
  await expect(page.getByTestId("approval-card")).toBeVisible();
  await page.keyboard.press("d");
  await page.keyboard.press("Enter");
  await expect(lastAnswer(page)).toContainText("Bash returned an error");
  await expect(lastAnswer(page).getByTestId("approval-outcome")).toHaveAttribute("data-status", "denied");
  await expect(row(page, repo.mainPath).getByTestId("worktree-waiting")).toHaveCount(0);
  await expect(page).toHaveTitle("Arbor");
});

test("on a phone an approval card's buttons are full touch targets, inside the screen", async ({ page, repo }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:bash node -e 'console.log(String(5))']]");
  const card = page.getByTestId("approval-card");
  await expect(card).toBeVisible({ timeout: 60_000 });
  for (const testId of ["approval-allow-once", "approval-allow-always", "approval-deny"]) {
    const box = (await card.getByTestId(testId).boundingBox())!;
    expect(box.height, testId).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, testId).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: "test-results/screenshots/approval-card-phone.png" });
  await card.getByTestId("approval-allow-once").click();
  await expect(lastAnswer(page)).toContainText("Bash returned: 5", { timeout: 60_000 });

  // The header's menus open inside the screen, whichever side their button is on.
  await page.getByTestId("chat-header-more").click();
  for (const [button, menu] of [
    ["sessions-toggle", "session-list"],
    ["mode-menu-button", "mode-menu"],
  ]) {
    await page.getByTestId(button!).click();
    const box = (await page.getByTestId(menu!).boundingBox())!;
    expect(box.x, menu).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, menu).toBeLessThanOrEqual(390);
    await page.getByTestId(button!).click();
    await expect(page.getByTestId(menu!)).toHaveCount(0);
  }
});
