// Landing from the worktree list: a branch that conflicts is caught before landing, its hunks shown, resolved by
// "Ask Claude to resolve" (the real CLI against the mock model), then landed; a squash landing marks the design node
// done and offers the worktree's removal; a rebase that stops is shown with Abort. Screenshots of each dialog state
// at 390 and 1440 px, light and dark, go to test-results/land-dialog/.
import AxeBuilder from "@axe-core/playwright";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

const SHOTS = path.join("test-results", "land-dialog");

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

async function setIdentity(mainPath: string): Promise<void> {
  await runFixtureGit({ cwd: mainPath, args: ["config", "user.name", "Arbor Test"] });
  await runFixtureGit({ cwd: mainPath, args: ["config", "user.email", "test@arbor.invalid"] });
}

const rowOf = (page: Page, worktreePath: string) =>
  page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

/** No serious or critical axe violation inside the dialog. */
async function expectAccessible(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('[data-testid="land-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

/** The dialog at 390 and 1440 px wide, light and dark (axe in each), then back to 1440 light. */
async function shoot(page: Page, dialog: Locator, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("a branch that conflicts is caught before landing, shown with its hunks, resolved by Ask Claude to resolve, then lands", async ({
  page,
  repo,
  claude,
}) => {
  await setIdentity(repo.mainPath);
  const worktree = await repo.addWorktree("conflicting");
  await commit(worktree, { "README.md": "# demo\n\nThe branch's intro.\n" }, "Branch intro");
  await commit(repo.mainPath, { "README.md": "# demo\n\nMain's intro.\n" }, "Main intro");
  claude.mock.setResponder(({ request, humanText }) =>
    request.isStreaming && humanText?.includes("Landing `feat/conflicting` into `main` would conflict")
      ? {
          name: "resolve",
          steps: [
            {
              type: "tool_use",
              name: "Bash",
              input: {
                command:
                  "git merge main; printf '# demo\\n\\nMain and branch intro.\\n' > README.md && git add README.md && git commit -q --no-edit && echo resolved",
                description: "Merge main and resolve README.md",
              },
            },
            { type: "text", text: "Merged main and kept both intros in README.md." },
          ],
        }
      : null,
  );

  // A note left in main's worktree blocks landing there, not resolving in the branch's worktree.
  writeFileSync(path.join(repo.mainPath, "notes.txt"), "todo\n");

  await page.goto(`/?repo=${repo.repoId}`);
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  const dialog = page.getByTestId("land-dialog");
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "conflicts");
  await expect(dialog.getByTestId("land-blockers")).toContainText(
    "The main worktree has 1 uncommitted change; commit, stash (git stash -u takes new files too) or remove it there first",
  );
  await expect(dialog.getByTestId("land-blockers").locator("code")).toHaveText("git stash -u");
  await expect(dialog.getByTestId("land-ask-resolve")).toBeVisible();
  const file = dialog.locator('[data-testid="land-conflict-file"][data-path="README.md"]');
  await expect(file.getByTestId("land-hunk-base")).toContainText("Main's intro.");
  await expect(file.getByTestId("land-hunk-branch")).toContainText("The branch's intro.");
  await expect(dialog.getByTestId("land-confirm")).toHaveCount(0);
  await shoot(page, dialog, "conflicts");

  await dialog.getByTestId("land-ask-resolve").click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, worktree)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("message-list")).toContainText("would conflict");
  // Arbor's request shows both sides as code blocks and its commands as code, not as raw Markdown.
  const request = page.locator('[data-testid="message"][data-role="user"]').last();
  await expect(request.getByTestId("user-code-block").first()).toBeVisible();
  await expect(request.locator("code", { hasText: "git merge --end-of-options main" }).first()).toBeVisible();
  await expect(request).not.toContainText("```");
  const axe = await new AxeBuilder({ page }).include('[data-testid="message-list"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await request.screenshot({ path: path.join(SHOTS, "resolve-request.png") });
  await page.getByTestId("approval-allow-once").click();
  await expect(page.getByTestId("message-list")).toContainText("Merged main and kept both intros", {
    timeout: 60_000,
  });
  expect(readFileSync(path.join(worktree, "README.md"), "utf8")).toBe("# demo\n\nMain and branch intro.\n");

  rmSync(path.join(repo.mainPath, "notes.txt"));
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  // The answer shows a moment before the run has ended; the dialog checks again by itself once it has.
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await expect(dialog.getByTestId("land-blockers")).toHaveCount(0);
  await dialog.getByTestId("land-method-fast-forward").check();
  await dialog.getByTestId("land-confirm").click();
  await expect(dialog.getByTestId("land-done")).toContainText("Landed feat/conflicting into main (fast-forward)");
  expect(readFileSync(path.join(repo.mainPath, "README.md"), "utf8")).toBe("# demo\n\nMain and branch intro.\n");
});

test("landing with squash (the repository's default) marks the design node done and offers the worktree's removal", async ({
  page,
  repo,
  claude,
}) => {
  await setIdentity(repo.mainPath);
  const plan = await callApi<{ plan: { id: string } }>(claude.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Ship it" },
  });
  const tree = {
    nodes: [{ slug: "ship-it", title: "Ship", description: null, status: "in_progress" }],
    edges: [],
  };
  await callApi(claude.arbor, "/api/tree-spec", { body: { planId: plan.body.plan.id, tree, baseVersion: null } });
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/settings`, { method: "PUT", body: { landMethod: "squash" } });
  const worktree = await repo.addWorktree("ship-it");
  await commit(worktree, { "one.txt": "1\n" }, "One");
  await commit(worktree, { "two.txt": "2\n" }, "Two");
  await commit(repo.mainPath, { "main.txt": "m\n" }, "Main moves on");

  await page.goto(`/?repo=${repo.repoId}`);
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  const dialog = page.getByTestId("land-dialog");
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await expect(dialog.getByTestId("land-method-squash")).toBeChecked();
  await dialog.getByTestId("land-confirm").click();
  await expect(dialog.getByTestId("land-done")).toContainText("Landed feat/ship-it into main (squash into one commit)");
  await expect(dialog.getByTestId("land-nodes-done")).toContainText("Ship (plan Ship it)");
  await expect(rowOf(page, worktree).getByTestId("badge-merged")).toHaveText("merged into main");
  // Squashed, its commits are not in main's history, yet the dashboard knows it landed: no "done, not merged".
  await expect(page.locator('[data-code="done_not_merged"]')).toHaveCount(0);
  const saved = await callApi<{ plan: { tree: { nodes: Array<{ status: string }> } } }>(
    claude.arbor,
    `/api/plans/${plan.body.plan.id}`,
  );
  expect(saved.body.plan.tree.nodes[0]?.status).toBe("done");
  await shoot(page, dialog, "landed");

  await dialog.getByTestId("land-offer-remove").click();
  const removal = page.getByTestId("remove-worktree-dialog");
  await expect(removal).toContainText("Nothing would be lost");
  await expect(removal.getByTestId("remove-delete-branch")).toBeChecked();
  await removal.getByTestId("remove-confirm").click();
  await expect(rowOf(page, worktree)).toHaveCount(0);
  expect(await runFixtureGit({ cwd: repo.mainPath, args: ["branch", "--list", "feat/ship-it"] })).toBe("");
});

test("a rebase that stops on a conflict is shown in the dialog and on the row, and Abort puts the worktree back", async ({
  page,
  repo,
}) => {
  await setIdentity(repo.mainPath);
  const worktree = await repo.addWorktree("rebasing");
  // The subject hides a text-direction control: the panel writes it out.
  await commit(worktree, { "README.md": "# branch side\n" }, "Branch side \u202etxt.exe");
  await commit(repo.mainPath, { "README.md": "# main side\n" }, "Main side");
  // Merged with "ours", the branch merges cleanly, but replaying its commit onto main conflicts.
  await runFixtureGit({ cwd: worktree, args: ["merge", "-q", "-X", "ours", "main"] });
  const before = (await runFixtureGit({ cwd: worktree, args: ["rev-parse", "HEAD"] })).trim();

  await page.goto(`/?repo=${repo.repoId}`);
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  const dialog = page.getByTestId("land-dialog");
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await dialog.getByTestId("land-method-rebase").check();
  await dialog.getByTestId("land-confirm").click();
  const stopped = dialog.getByTestId("land-rebase-stopped");
  await expect(stopped.getByTestId("land-error")).toHaveText(
    "Nothing was landed: the rebase stopped on a conflict, and the worktree is left as git left it.",
  );
  await expect(stopped.getByTestId("operation-stopped-at")).toContainText("Branch side ⟨U+202E⟩txt.exe");
  await expect(stopped.getByTestId("operation-files")).toHaveText("README.md");
  await expect(rowOf(page, worktree).getByTestId("badge-operation")).toHaveText("rebase in progress");
  // HEAD is detached while git rebases: the row still names the branch, and says why, not "create a branch".
  await expect(rowOf(page, worktree).getByTestId("worktree-branch")).toHaveText("feat/rebasing");
  await expect(rowOf(page, worktree).getByTestId("worktree-rebasing")).toHaveText("rebasing");
  const warning = rowOf(page, worktree).locator('[data-testid="worktree-warning"][data-code="rebase_stopped"]');
  await expect(warning).toContainText("A rebase of feat/rebasing stopped here");
  await expect(warning.locator("code")).toHaveText("git rebase --continue");
  await expect(rowOf(page, worktree).locator('[data-code="detached_head"]')).toHaveCount(0);
  expect(readFileSync(path.join(worktree, "README.md"), "utf8")).toContain("<<<<<<<");
  await shoot(page, dialog, "rebase-stopped");

  // Closed and opened again, from the row: the state is read from the git dir.
  await page.keyboard.press("Escape");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await rowOf(page, worktree).screenshot({ path: path.join(SHOTS, `rebase-row-${width}.png`) });
  }
  await rowOf(page, worktree).getByTestId("worktree-operation").click();
  const state = page.getByTestId("operation-dialog");
  await expect(state.getByTestId("operation-files")).toHaveText("README.md");
  const axe = await new AxeBuilder({ page }).include('[data-testid="operation-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.keyboard.press("Escape");
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  await expect(dialog.getByTestId("land-error")).toHaveText(
    "A rebase is stopped in this worktree: abort it, or finish it in a terminal, before landing.",
  );
  // Abort asks first (it resets what the user resolved too); "Keep it" changes nothing.
  await dialog.getByTestId("operation-abort").click();
  await expect(dialog.getByTestId("operation-abort-confirm")).toContainText("files you already resolved included");
  await shoot(page, dialog, "abort-confirm");
  await dialog.getByTestId("operation-abort-keep").click();
  await expect(dialog.getByTestId("operation-abort-confirm")).toHaveCount(0);
  expect(readFileSync(path.join(worktree, "README.md"), "utf8")).toContain("<<<<<<<");
  await dialog.getByTestId("operation-abort").click();
  await dialog.getByTestId("operation-abort-yes").click();
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await expect(rowOf(page, worktree).getByTestId("badge-operation")).toHaveCount(0);
  expect((await runFixtureGit({ cwd: worktree, args: ["rev-parse", "HEAD"] })).trim()).toBe(before);
});

test("a conflict's sides and names show the characters a repository could hide in them (bidirectional controls, escapes)", async ({
  page,
  repo,
}) => {
  const worktree = await repo.addWorktree("hidden");
  // "Trojan Source": U+202E shows `evil()` as `)(live`; the escape sequence would clear a terminal.
  await commit(worktree, { "check.js": "allow = \u202eevil()\n", "notes\u2066.md": "\u001b[2Jbranch\n" }, "Branch");
  await commit(repo.mainPath, { "check.js": "allow = false\n", "notes\u2066.md": "main\n" }, "Main");

  await page.goto(`/?repo=${repo.repoId}`);
  await rowOf(page, worktree).hover();
  await rowOf(page, worktree).getByTestId("worktree-land").click();
  const dialog = page.getByTestId("land-dialog");
  await expect(dialog.getByTestId("land-preview")).toHaveAttribute("data-status", "conflicts");
  const check = dialog.locator('[data-testid="land-conflict-file"][data-path="check.js"]');
  await expect(check.getByTestId("land-hunk-branch")).toContainText("allow = ⟨U+202E⟩evil()");
  const notes = dialog.locator('[data-testid="land-conflict-file"][data-path="notes\u2066.md"]');
  await expect(notes.locator("h3")).toHaveText("notes⟨U+2066⟩.md");
  await expect(notes.getByTestId("land-hunk-branch")).toContainText("⟨U+001B⟩[2Jbranch");
  await shoot(page, dialog, "hidden-characters");
});
