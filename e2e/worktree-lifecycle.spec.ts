// Creating a worktree from the list and landing on its chat; removing one from its row: what would be lost is shown
// first; a clean one goes, its branch too.
import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

test("Remove… shows what would be lost and refuses; a clean worktree is removed with its merged branch", async ({
  page,
  repo,
}) => {
  const dirty = await repo.addWorktree("dirty");
  const clean = await repo.addWorktree("clean");
  const longName = "checkout-rounds-every-total-to-whole-cents-before-tax";
  const long = await repo.addWorktree(longName);
  writeFileSync(path.join(dirty, "draft.txt"), "unsaved work\n");
  await page.goto(`/?repo=${repo.repoId}`);
  const row = (worktreePath: string) => page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

  // A card shows its actions when pointed at (or open), so ten cards fit; a long branch wraps instead of being cut.
  const actionsHeight = async () => (await row(dirty).getByTestId("worktree-actions").boundingBox())?.height ?? 0;
  expect(await actionsHeight()).toBeLessThanOrEqual(1);
  const longBranch = row(long).getByTestId("worktree-branch");
  await expect(longBranch).toHaveText(`feat/${longName}`);
  expect(await longBranch.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await row(dirty).hover();
  await expect.poll(actionsHeight).toBeGreaterThan(20);
  await row(dirty).getByTestId("worktree-remove").click();
  const dialog = page.getByTestId("remove-worktree-dialog");
  await expect(dialog.getByTestId("removal-blockers")).toContainText("1 uncommitted change");
  await expect(dialog.getByTestId("remove-confirm")).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(row(dirty)).toBeVisible();

  await row(clean).hover();
  await row(clean).getByTestId("worktree-remove").click();
  await expect(dialog).toContainText("Nothing would be lost");
  await expect(dialog.getByTestId("remove-delete-branch")).toBeChecked();
  await dialog.getByTestId("remove-confirm").click();
  await expect(row(clean)).toHaveCount(0);
  await expect(row(dirty)).toBeVisible();
  // The keyboard user keeps their place: the focus moves to a neighbouring row, not to the page's body.
  await expect(page.locator('[data-testid="worktree-row"] [data-testid="worktree-open"]:focus')).toHaveCount(1);
  const branches = await runFixtureGit({ cwd: repo.mainPath, args: ["branch", "--format=%(refname:short)"] });
  expect(branches).not.toContain("feat/clean");
  expect(branches).toContain("feat/dirty");

  // Ignored files only this worktree has are named, and go only once the user says so.
  mkdirSync(path.join(repo.mainPath, ".git", "info"), { recursive: true });
  writeFileSync(path.join(repo.mainPath, ".git", "info", "exclude"), ".env.local\n");
  const scratch = await repo.addWorktree("scratch");
  writeFileSync(path.join(scratch, ".env.local"), "TOKEN=only-here\n");
  await page.getByTestId("dashboard-refresh").click();
  await row(scratch).hover();
  await row(scratch).getByTestId("worktree-remove").click();
  await expect(dialog.getByTestId("removal-ignored")).toContainText(".env.local");
  await expect(dialog.getByTestId("removal-blockers")).toContainText("which git would delete with it");
  await expect(dialog.getByTestId("remove-confirm")).toBeDisabled();
  await dialog.getByTestId("remove-discard-ignored").check();
  await expect(dialog).toContainText("Nothing else would be lost");
  await dialog.getByTestId("remove-confirm").click();
  await expect(row(scratch)).toHaveCount(0);
  expect(existsSync(scratch)).toBe(false);
});

test("a worktree whose folder was deleted outside Arbor is shown as missing and can be removed from its row", async ({
  page,
  repo,
}) => {
  const gone = await repo.addWorktree("gone");
  rmSync(gone, { recursive: true, force: true });
  await page.goto(`/?repo=${repo.repoId}`);
  const row = page.locator(`[data-testid="worktree-row"][data-path="${gone}"]`);
  await expect(row.getByTestId("worktree-warning").first()).toContainText("no longer exists");
  await row.hover();
  await row.getByTestId("worktree-remove").click();
  const dialog = page.getByTestId("remove-worktree-dialog");
  await expect(dialog.getByTestId("remove-missing-folder")).toHaveText(
    "Its folder is gone already: removing it forgets git\u2019s record of it. Its commits stay in its branch.",
  );
  await dialog.getByTestId("remove-confirm").click();
  await expect(row).toHaveCount(0);
  const listed = await runFixtureGit({ cwd: repo.mainPath, args: ["worktree", "list", "--porcelain"] });
  expect(listed).not.toContain(gone);
});

test("New worktree… proposes a branch and a folder, creates them and opens the new worktree's chat", async ({
  page,
  repo,
}) => {
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  const branch = dialog.getByTestId("new-worktree-branch");
  await expect(branch).toHaveValue("feat/");
  await expect(branch).toBeFocused();
  await expect(dialog.getByTestId("new-worktree-base")).toHaveValue("main");
  await branch.fill("main");
  await expect(dialog).toContainText("Branch main already exists");
  await branch.fill("feat/bad name");
  await expect(dialog).toContainText("This cannot be a branch name: it contains a space");
  await expect(dialog.getByTestId("new-worktree-create")).toBeDisabled();
  await branch.fill("feat/from-ui");
  const folder = `${repo.root}/main-from-ui`;
  await expect(dialog.getByTestId("new-worktree-folder")).toHaveValue(folder);
  const axe = await new AxeBuilder({ page }).include('[data-testid="new-worktree-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await dialog.getByTestId("new-worktree-create").click();

  await expect(dialog).toHaveCount(0);
  const row = page.locator(`[data-testid="worktree-row"][data-path="${folder}"]`);
  await expect(row).toHaveAttribute("data-selected", "true");
  await expect(row.getByTestId("worktree-branch")).toHaveText("feat/from-ui");
  await expect(page.getByTestId("composer-input")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("wt")).toBe(folder);
});

test("New task… turns a title and what to do into a branch, a worktree and a chat whose answer streams in", async ({
  page,
  repo,
  claude,
}) => {
  const plans = await Promise.all(
    ["Checkout", "Invoices"].map((title) =>
      callApi<{ plan: { id: string } }>(claude.arbor, "/api/plans", {
        body: { repoId: repo.repoId, title, goal: `${title} work.` },
      }),
    ),
  );
  const invoicesPlanId = plans[1]!.body.plan.id;
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("task-new").click();
  const dialog = page.getByTestId("new-task-dialog");
  await expect(dialog.getByTestId("new-task-title")).toBeFocused();
  await expect(dialog.getByTestId("new-task-start")).toBeDisabled();
  await dialog.getByTestId("new-task-title").fill("Rounding in cents");
  await expect(dialog.getByTestId("new-task-branch")).toContainText("Branch feat/rounding-in-cents from main");
  await dialog.getByTestId("new-task-prompt").fill("Round totals to whole cents. [[mock:text Rounded every total.]]");
  const axe = await new AxeBuilder({ page }).include('[data-testid="new-task-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  // Ctrl+Enter in "What to do" starts it, as the composer sends.
  await dialog.getByTestId("new-task-prompt").press("Control+Enter");

  await expect(dialog).toHaveCount(0);
  const folder = `${repo.root}/main-rounding-in-cents`;
  const row = page.locator(`[data-testid="worktree-row"][data-path="${folder}"]`);
  await expect(row).toHaveAttribute("data-selected", "true");
  await expect(row.getByTestId("worktree-branch")).toHaveText("feat/rounding-in-cents");
  const user = page.locator('[data-testid="message"][data-role="user"]');
  await expect(user).toHaveCount(1);
  await expect(user).toContainText("Rounding in cents");
  await expect(user).toContainText("Round totals to whole cents.");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(
    "Rounded every total.",
  );

  // A second task, from the command palette (Ctrl+K), with the same title gets a numbered branch; a refused
  // one says what to do and keeps the text.
  await page.keyboard.press("Control+K");
  const palette = page.getByTestId("command-palette");
  await expect(palette.getByTestId("palette-input")).toBeFocused();
  const paletteAxe = await new AxeBuilder({ page }).include('[data-testid="command-palette"]').analyze();
  expect(paletteAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  // On a phone its placeholder is read whole, not cut off.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await placeholderOverflow(palette.getByTestId("palette-input"))).toBeLessThanOrEqual(0);
  // Each command's name is whole there too; its detail is what gets cut.
  const cutNames = await palette.getByTestId("palette-option").evaluateAll((options) =>
    options
      .map((option) => option.firstElementChild!)
      .filter((name) => name.scrollWidth > name.clientWidth)
      .map((name) => name.textContent),
  );
  expect(cutNames).toEqual([]);
  await page.setViewportSize(desktop);
  await palette.getByTestId("palette-input").fill("zzz-nothing");
  await expect(palette.getByTestId("palette-empty")).toContainText("Nothing matches");
  await palette.getByTestId("palette-input").fill("new task");
  await expect(palette.getByTestId("palette-option").first()).toHaveAttribute("aria-selected", "true");
  await palette.getByTestId("palette-input").press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(dialog.getByTestId("new-task-title")).toBeFocused();
  await dialog.getByTestId("new-task-title").fill("Rounding in cents");
  await expect(dialog.getByTestId("new-task-branch")).toContainText("feat/rounding-in-cents-2");
  await callApi(claude.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 2048 } });
  try {
    await dialog.getByTestId("new-task-prompt").fill("y".repeat(3000));
    await dialog.getByTestId("new-task-start").click();
    await expect(dialog.getByTestId("new-task-error")).toContainText("Shorten it");
  } finally {
    await callApi(claude.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 1024 * 1024 } });
  }
  await expect(dialog.getByTestId("new-task-prompt")).toHaveValue("y".repeat(3000));
  await expect(page.locator(`[data-testid="worktree-row"][data-path="${folder}-2"]`)).toHaveCount(0);

  // The palette opens a worktree by its branch: arrows move, Enter opens.
  await dialog.getByTestId("new-task-prompt").press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.getByTestId("palette-open").click();
  await palette.getByTestId("palette-input").fill("main");
  await palette.getByTestId("palette-input").press("ArrowDown");
  await palette.getByTestId("palette-input").press("ArrowUp");
  await expect(palette.locator('[data-testid="palette-option"][aria-selected="true"]')).toHaveAttribute(
    "data-command",
    `worktree:${repo.mainPath}`,
  );
  await palette.getByTestId("palette-input").press("Enter");
  await expect(page.locator(`[data-testid="worktree-row"][data-path="${repo.mainPath}"]`)).toHaveAttribute(
    "data-selected",
    "true",
  );

  // Beside the open chat it opens the worktree's panels; it jumps to any plan of the repository too.
  await page.keyboard.press("Control+K");
  await palette.getByTestId("palette-input").fill("show changes");
  await palette.getByTestId("palette-input").press("Enter");
  await expect(page.getByTestId("changes-panel")).toBeVisible();
  await page.keyboard.press("Control+K");
  await palette.getByTestId("palette-input").fill("invoices");
  await expect(palette.getByTestId("palette-option").first()).toHaveAttribute("data-command", `plan:${invoicesPlanId}`);
  await palette.getByTestId("palette-input").press("Enter");
  await expect(page.getByTestId("plan-picker")).toHaveValue(invoicesPlanId);
});

test("the worktree setup copies .env into the new worktree and says why its command did not run (untrusted)", async ({
  page,
  repo,
}) => {
  writeFileSync(path.join(repo.mainPath, ".env"), "TOKEN=local\n");
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  await dialog.getByTestId("worktree-setup").locator("summary").click();
  await dialog.getByTestId("setup-files").fill("../escape");
  await expect(dialog).toContainText('../escape: the path may not contain ".."');
  await expect(dialog.getByTestId("setup-save")).toBeDisabled();
  await dialog.getByTestId("setup-files").fill(".env");
  await dialog.getByTestId("setup-command-input").fill("npm ci && npm test");
  await expect(dialog).toContainText("need a shell, and the setup command runs without one");
  await dialog.getByTestId("setup-command-input").fill("node -e \"require('fs').writeFileSync('ran', '')\"");
  await expect(dialog).toContainText("This repository is not trusted, so Arbor will not run this command");
  await expect(dialog.getByTestId("setup-unsaved")).toBeVisible();
  await dialog.getByTestId("setup-save").click();
  await expect(dialog).toContainText("Saved.");
  await expect(dialog.getByTestId("setup-unsaved")).toHaveCount(0);
  await dialog.getByTestId("new-worktree-branch").fill("feat/with-env");
  await dialog.getByTestId("new-worktree-create").click();

  const report = dialog.getByTestId("setup-report");
  await expect(report.getByTestId("setup-copies")).toContainText(".env copied");
  await expect(report.getByTestId("setup-command")).toHaveAttribute("data-status", "not_run");
  await expect(report).toContainText("only when you trust the repository");
  const folder = `${repo.root}/main-with-env`;
  expect(readFileSync(path.join(folder, ".env"), "utf8")).toBe("TOKEN=local\n");
  await report.getByTestId("setup-report-done").click();
  await expect(page.locator(`[data-testid="worktree-row"][data-path="${folder}"]`)).toHaveAttribute(
    "data-selected",
    "true",
  );
  await expect(page.getByTestId("composer-input")).toBeVisible();
});

test("Land… previews the merge into the default branch (the conflicting file, then clean once resolved) and lands it", async ({
  page,
  repo,
}) => {
  const worktree = await repo.addWorktree("landing");
  writeFileSync(path.join(worktree, "README.md"), "# branch side\n");
  await runFixtureGit({ cwd: worktree, args: ["commit", "-q", "-am", "Branch side"] });
  writeFileSync(path.join(repo.mainPath, "README.md"), "# main side\n");
  await runFixtureGit({ cwd: repo.mainPath, args: ["commit", "-q", "-am", "Main side"] });
  await page.goto(`/?repo=${repo.repoId}`);
  const row = page.locator(`[data-testid="worktree-row"][data-path="${worktree}"]`);
  await row.hover();
  await row.getByTestId("worktree-land").click();
  const dialog = page.getByTestId("land-dialog");
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "conflicts");
  await expect(dialog.getByTestId("land-conflict-file")).toHaveAttribute("data-path", "README.md");
  await expect(dialog.getByTestId("land-hunk-base")).toHaveText(/# main side/);
  await expect(dialog.getByTestId("land-base")).toHaveValue("main");

  await runFixtureGit({ cwd: worktree, args: ["merge", "-q", "-X", "ours", "main"] });
  await dialog.getByTestId("land-recheck").click();
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await expect(dialog).toContainText("would merge into main without conflicts (a fast-forward)");

  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.name", "Arbor Test"] });
  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.email", "test@arbor.invalid"] });
  await dialog.getByTestId("land-method-fast-forward").check();
  await dialog.getByTestId("land-confirm").click();
  await expect(dialog.getByTestId("land-done")).toContainText("Landed feat/landing into main (fast-forward)");
  const mainHead = await runFixtureGit({ cwd: repo.mainPath, args: ["rev-parse", "HEAD"] });
  expect(mainHead).toBe(await runFixtureGit({ cwd: worktree, args: ["rev-parse", "HEAD"] }));
  expect(readFileSync(path.join(repo.mainPath, "README.md"), "utf8")).toBe("# branch side\n");
});

/** How many pixels an input's placeholder is wider than the room for text inside it (0 or less: it fits). */
function placeholderOverflow(input: Locator): Promise<number> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width - room;
  });
}
