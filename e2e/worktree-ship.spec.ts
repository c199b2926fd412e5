// Push, Pull request… and Tidy up from the worktree panel, on real repositories. The server runs with a PATH that
// has git and node but no gh, as on a machine where the GitHub CLI was never installed. The repository's origin is
// named by a GitHub-style URL that git rewrites (url.<bare repo>.insteadOf) to a bare repository in a temp folder,
// so the push is real and the dialog offers GitHub's compare page.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { expect, test as chatTest } from "./chat-fixtures.ts";

const test = chatTest.extend<object, { claude: ArborWithClaude }>({
  claude: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const bin = mkdtempSync(path.join(os.tmpdir(), "arbor-no-gh-"));
      mkdirSync(path.join(bin, "bin"));
      symlinkSync(
        execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim(),
        path.join(bin, "bin", "git"),
      );
      symlinkSync(process.execPath, path.join(bin, "bin", "node"));
      const env = await startArborWithClaude({
        serverEnv: { PATH: `${path.join(repoRoot, "node_modules", ".bin")}:${path.join(bin, "bin")}` },
      });
      await use(env);
      await env.close();
      rmSync(bin, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

const shotDir = path.join(repoRoot, "test-results", "worktree-ship");

/** The dialog at a phone's and a desktop's width, light and dark, for a person to look at; axe-checked each time. */
async function screenshots(page: Page, input: { name: string; testId: string }): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(shotDir, `${input.name}-${size.width}-${colorScheme}.png`) });
      const axe = await new AxeBuilder({ page }).include(`[data-testid="${input.testId}"]`).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("Push sends the branch to its remote; without gh, Pull request… says what to install and offers GitHub's compare page", async ({
  page,
  repo,
}) => {
  const originPath = path.join(repo.root, "origin.git");
  await runFixtureGit({
    cwd: repo.mainPath,
    args: ["config", `url.${originPath}.insteadOf`, "git@github.com:octo/demo.git"],
  });
  await runFixtureGit({ cwd: repo.mainPath, args: ["remote", "set-url", "origin", "git@github.com:octo/demo.git"] });
  const worktree = await repo.addWorktree("ship");
  writeFileSync(path.join(worktree, "ship.txt"), "ship it\n");
  await runFixtureGit({ cwd: worktree, args: ["add", "ship.txt"] });
  await runFixtureGit({ cwd: worktree, args: ["commit", "-q", "-m", "Ship the feature"] });

  await page.goto(`/?repo=${repo.repoId}`);
  const row = page.locator(`[data-testid="worktree-row"][data-path="${worktree}"]`);
  await row.hover();
  await row.getByTestId("worktree-push").focus();
  await page.keyboard.press("Enter");
  await expect(row.getByTestId("push-outcome")).toHaveText("Pushed feat/ship to origin/feat/ship, now its upstream.");
  const pushed = await runFixtureGit({ cwd: originPath, args: ["rev-parse", "refs/heads/feat/ship"] });
  expect(pushed.trim()).toBe((await runFixtureGit({ cwd: worktree, args: ["rev-parse", "HEAD"] })).trim());
  await row.hover();
  await row.getByTestId("worktree-push").click();
  await expect(row.getByTestId("push-outcome")).toHaveText(
    "origin/feat/ship already has feat/ship as it is here; nothing new to push.",
  );
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await row.screenshot({ path: path.join(shotDir, `row-pushed-${width}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.hover();
  await row.getByTestId("worktree-pr").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("pr-dialog");
  await expect(dialog.getByTestId("pr-gh-message")).toContainText(
    "Install the GitHub CLI (https://cli.github.com, Debian/Ubuntu: apt install gh",
  );
  // Commands show as code, without their backticks.
  await expect(dialog.getByTestId("pr-gh-message")).toContainText("run gh auth login");
  await expect(dialog.getByTestId("pr-gh-message").locator("code", { hasText: "gh auth login" }).first()).toBeVisible();
  // The compare page gets the draft's title and body, so what is written here is not lost there.
  await expect(dialog.getByTestId("pr-compare-url")).toHaveAttribute(
    "href",
    /^https:\/\/github\.com\/octo\/demo\/compare\/main\.\.\.feat\/ship\?expand=1&title=Ship\+the\+feature&body=.*Ship\+the\+feature/,
  );
  await expect(dialog.getByTestId("pr-title")).toHaveValue("Ship the feature");
  await expect(dialog.getByTestId("pr-body")).toHaveValue(/## Commits\n- Ship the feature \([0-9a-f]+\)/);
  await dialog.getByTestId("pr-title").fill("Ship it, edited");
  await expect(dialog.getByTestId("pr-title")).toHaveValue("Ship it, edited");
  await expect(dialog.getByTestId("pr-compare-url")).toHaveAttribute("href", /&title=Ship\+it%2C\+edited&/);
  await expect(dialog.getByTestId("pr-create")).toBeDisabled();
  await screenshots(page, { name: "pull-request-no-gh", testId: "pr-dialog" });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("worktree-pr")).toBeFocused();
  // The edited title is kept: opened again, and after a reload, it is what the user wrote; the body still the draft.
  await row.hover();
  await row.getByTestId("worktree-pr").click();
  await expect(dialog.getByTestId("pr-title")).toHaveValue("Ship it, edited");
  await page.reload();
  await row.hover();
  await row.getByTestId("worktree-pr").click();
  await expect(dialog.getByTestId("pr-title")).toHaveValue("Ship it, edited");
  await expect(dialog.getByTestId("pr-body")).toHaveValue(/## Commits\n- Ship the feature/);
});

test("Tidy up shows the disk each worktree uses, previews reclaiming a merged one, and reclaims exactly that", async ({
  page,
  repo,
}) => {
  // Landed: its commit is on main (a worktree nobody committed on yet is not "merged").
  const merged = await repo.addWorktree("done");
  writeFileSync(path.join(merged, "done.txt"), "landed\n");
  await runFixtureGit({ cwd: merged, args: ["add", "done.txt"] });
  await runFixtureGit({ cwd: merged, args: ["commit", "-q", "-m", "Done"] });
  const mergedBranch = (await runFixtureGit({ cwd: merged, args: ["branch", "--show-current"] })).trim();
  await runFixtureGit({ cwd: repo.mainPath, args: ["merge", "-q", "--ff-only", mergedBranch] });
  const keep = await repo.addWorktree("keep");
  writeFileSync(path.join(keep, "keep.txt"), "only here\n");
  await runFixtureGit({ cwd: keep, args: ["add", "keep.txt"] });
  await runFixtureGit({ cwd: keep, args: ["commit", "-q", "-m", "Only on keep"] });

  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("tidy-open").click();
  const dialog = page.getByTestId("tidy-dialog");
  const entry = (worktreePath: string) => dialog.locator(`[data-testid="tidy-worktree"][data-path="${worktreePath}"]`);
  await expect(entry(merged)).toContainText("merged");
  await expect(entry(merged).getByTestId("tidy-size")).toHaveText(/\d+(\.\d)? (KB|bytes)/);
  await expect(entry(keep).getByTestId("tidy-blockers")).toContainText("1 commit is on branch feat/keep");
  const actions = dialog.getByTestId("tidy-action");
  await expect(actions).toHaveCount(1);
  await expect(actions.first()).toHaveAttribute("data-kind", "remove_worktree");
  await expect(actions.first()).toContainText(merged);
  await screenshots(page, { name: "tidy-preview", testId: "tidy-dialog" });

  await dialog.getByTestId("tidy-reclaim").click();
  await expect(dialog.getByTestId("tidy-result")).toContainText("1 done, 0 skipped");
  // The result names what went, not just how many.
  await expect(dialog.getByTestId("tidy-done").getByRole("listitem")).toHaveCount(1);
  await expect(dialog.getByTestId("tidy-done")).toContainText(`Removed the worktree ${merged} (`);
  expect(existsSync(merged)).toBe(false);
  expect(existsSync(path.join(keep, "keep.txt"))).toBe(true);
  await expect(entry(merged)).toHaveCount(0);
  await expect(entry(keep)).toBeVisible();
  await screenshots(page, { name: "tidy-result", testId: "tidy-dialog" });
  await page.keyboard.press("Escape");
  await expect(page.locator(`[data-testid="worktree-row"][data-path="${merged}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="worktree-row"][data-path="${keep}"]`)).toBeVisible();
});
