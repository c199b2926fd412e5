import { rmSync } from "node:fs";
import path from "node:path";
import { trustRepo } from "@/tests/support/call-api.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

test.use({ viewport: { width: 1440, height: 900 } });

test("a check set in Settings fails after a run breaks it, goes to Claude, and passes once fixed", async ({
  page,
  repo,
  claude,
}) => {
  test.slow(); // two real CLI runs and three check runs
  await trustRepo(claude.arbor, repo.repoId);
  // Says why in TAP, so the panel can show the failing test above the output.
  const command = "test ! -e broken.txt || { echo 'not ok 1 - no broken.txt'; exit 1; }";

  // Settings: the server's objection to a nameless check is shown, then the check is saved.
  await page.goto(`/settings?from=${encodeURIComponent(`?repo=${repo.repoId}`)}`);
  const editor = page.getByTestId("repo-checks");
  await editor.getByTestId("repo-check-add").click();
  await editor.getByTestId("repo-check-command").fill(command);
  await editor.getByTestId("repo-checks-save").click();
  await expect(editor.getByTestId("repo-checks-save-error")).toContainText("Give each check a name");
  await editor.getByTestId("repo-check-name").fill("no-broken");
  await editor.getByTestId("repo-checks-save").click();
  await expect(editor.getByTestId("repo-checks-saved")).toBeVisible();

  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  const row = page.locator(`[data-testid="worktree-row"][data-path="${repo.mainPath}"]`);
  await page.getByTestId("checks-toggle").click();
  const panel = page.getByTestId("checks-panel");
  await panel.getByTestId("checks-run").click();
  await expect(panel).toHaveAttribute("data-status", "passed");
  await expect(row.getByTestId("badge-checks")).toHaveAttribute("data-status", "passed");

  // A run writes the file the check forbids: the checks run by themselves when it ends, and fail.
  // Below a wide chat the panel lies over the messages: hidden while the approval is answered.
  await page.getByTestId("checks-toggle").click();
  await sendMessage(page, "[[mock:bash echo oops > broken.txt]]");
  await page.getByTestId("approval-allow-once").click();
  await page.getByTestId("checks-toggle").click();
  await expect(panel).toHaveAttribute("data-status", "failed");
  await expect(row.getByTestId("badge-checks")).toHaveAttribute("data-status", "failed");
  const check = panel.locator('[data-testid="check-run"][data-name="no-broken"]');
  await expect(check.getByTestId("check-run-exit")).toHaveText("exit 1");
  await expect(check.getByTestId("check-run-commit")).toContainText("uncommitted changes");
  // The failing test found in the output comes first, the whole output after it.
  await expect(check.getByTestId("check-run-failure")).toHaveAttribute("data-name", "no broken.txt");
  await expect(check.locator('[data-testid="check-run-failures"] ~ [data-testid="check-run-output"]')).toBeVisible();

  // "Fix with Claude" sends the failure as the next user message.
  await panel.getByTestId("checks-fix").click();
  const users = page.locator('[data-testid="message"][data-role="user"]');
  await expect(users.last()).toContainText(command);
  await expect(users.last()).toContainText("Failing tests (found in its TAP output):");
  // The mock model repeats the conversation's command (Claude's "fix" here is the test's rm below).
  await page.getByTestId("checks-toggle").click();
  await page.getByTestId("approval-allow-once").click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(2);
  await page.getByTestId("checks-toggle").click();

  rmSync(path.join(repo.mainPath, "broken.txt"));
  await panel.getByTestId("checks-run").click();
  await expect(panel).toHaveAttribute("data-status", "passed");
  await expect(row.getByTestId("badge-checks")).toHaveAttribute("data-status", "passed");
  await page.screenshot({ path: test.info().outputPath("checks-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("checks-390.png") });
});
