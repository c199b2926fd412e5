import { createRepoWithWorktrees, removeGitFixture, type RepoWithWorktrees } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./arbor-fixtures.ts";

let repo: RepoWithWorktrees;

test.beforeAll(async () => {
  repo = await createRepoWithWorktrees();
});

test.afterAll(async () => {
  await removeGitFixture(repo);
});

test("pin a repository, see its worktrees with branch and dirty badges, reload and it is still there", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByTestId("pin-path-input").fill(repo.dirtyPath);
  await page.getByTestId("pin-label-input").fill("E2E demo");
  await page.getByTestId("pin-submit").click();

  // The trust step opens at once; this repository declares nothing that runs, and is still not trusted.
  const trust = page.getByRole("dialog", { name: "Trust main?" });
  await expect(trust.getByTestId("trust-nothing")).toContainText("Nothing to run was found");
  await trust.getByRole("button", { name: "Not now" }).click();
  await expect(trust).toHaveCount(0);
  await expect(page.getByTestId("worktree-list")).toBeVisible();
  const dirty = page.locator(`[data-testid="worktree-row"][data-branch="dirty"]`);
  await expect(dirty.getByTestId("badge-staged")).toHaveText("2 staged");
  await expect(dirty.getByTestId("badge-unstaged")).toHaveText("2 unstaged");
  await expect(dirty.getByTestId("badge-untracked")).toHaveText("2 untracked");
  await expect(
    page.locator(`[data-testid="worktree-row"][data-branch="main"]`).getByTestId("badge-clean"),
  ).toBeVisible();
  const detached = page.locator(`[data-testid="worktree-row"][data-path="${repo.detachedPath}"]`);
  await expect(detached.getByTestId("worktree-branch")).toHaveText("detached HEAD");
  await expect(detached.locator('[data-code="detached_head"]')).toBeVisible();
  const missing = page.locator(`[data-testid="worktree-row"][data-path="${repo.missingPath}"]`);
  await expect(missing.getByTestId("badge-missing")).toBeVisible();
  await expect(
    page
      .locator(`[data-testid="worktree-row"][data-path="${repo.behindPath}"]`)
      .locator('[data-code="behind_upstream"]'),
  ).toBeVisible();
  await expect(
    page.locator(`[data-testid="worktree-row"][data-path="${repo.lockedPath}"]`).getByTestId("badge-locked"),
  ).toBeVisible();

  await page.reload();
  const pin = page.getByTestId("pin-item").filter({ hasText: "E2E demo" });
  await expect(pin).toBeVisible();
  await expect(page.getByTestId("pin-item").first()).toContainText("E2E demo");
  await expect(page.locator(`[data-testid="worktree-row"][data-branch="dirty"]`)).toBeVisible();
});

test("a bad path shows an inline error that says what to do, and nothing is pinned", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("pin-path-input").fill("relative/path");
  await page.getByTestId("pin-submit").click();
  await expect(page.getByTestId("pin-error")).toContainText("absolute path");
  await expect(page.getByTestId("pin-path-input")).toHaveValue("relative/path");
});
