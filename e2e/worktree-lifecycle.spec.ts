// Removing a worktree from its row: what would be lost is shown first; a clean one goes, its branch too.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

test("Remove… shows what would be lost and refuses; a clean worktree is removed with its merged branch", async ({
  page,
  repo,
}) => {
  const dirty = await repo.addWorktree("dirty");
  const clean = await repo.addWorktree("clean");
  writeFileSync(path.join(dirty, "draft.txt"), "unsaved work\n");
  await page.goto(`/?repo=${repo.repoId}`);
  const row = (worktreePath: string) => page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

  await row(dirty).getByTestId("worktree-remove").click();
  const dialog = page.getByTestId("remove-worktree-dialog");
  await expect(dialog.getByTestId("removal-blockers")).toContainText("1 uncommitted change");
  await expect(dialog.getByTestId("remove-confirm")).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(row(dirty)).toBeVisible();

  await row(clean).getByTestId("worktree-remove").click();
  await expect(dialog).toContainText("Nothing would be lost");
  await expect(dialog.getByTestId("remove-delete-branch")).toBeChecked();
  await dialog.getByTestId("remove-confirm").click();
  await expect(row(clean)).toHaveCount(0);
  await expect(row(dirty)).toBeVisible();
  const branches = await runFixtureGit({ cwd: repo.mainPath, args: ["branch", "--format=%(refname:short)"] });
  expect(branches).not.toContain("feat/clean");
  expect(branches).toContain("feat/dirty");
});
