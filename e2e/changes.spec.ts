import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

const answers = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

/** Sends a Bash command for the mock model to run and allows it once; resolves when the answer is stored. */
async function runCommand(page: Page, command: string): Promise<void> {
  const before = await answers(page).count();
  await sendMessage(page, `[[mock:bash ${command}]]`);
  await page.getByTestId("approval-allow-once").click();
  await expect(answers(page)).toHaveCount(before + 1);
  await expect(answers(page).last()).toContainText("Bash returned");
  await expect(answers(page).last().getByTestId("run-changes-toggle")).toBeVisible();
}

async function runFiles(page: Page, index: number): Promise<string[]> {
  const answer = answers(page).nth(index);
  const files = answer.getByTestId("run-changes-files").getByTestId("changed-file");
  await expect(files.first()).toBeVisible();
  return files.evaluateAll((items) =>
    items.map((item) => `${item.getAttribute("data-kind")} ${item.getAttribute("data-path")}`).sort(),
  );
}

test("each answer shows exactly what its run changed, and restore puts the files back as before the second run", async ({
  page,
  repo,
}) => {
  test.slow(); // two real CLI runs with approvals, a restore and their checks
  const file = (name: string) => path.join(repo.mainPath, name);
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  const row = page.locator(`[data-testid="worktree-row"][data-path="${repo.mainPath}"]`);
  await expect(row.getByTestId("badge-clean")).toBeVisible();
  // The user's own edit before any run is not the run's; the worktree row notices it without a rescan.
  writeFileSync(file("user.txt"), "mine\n");
  await expect(row.getByTestId("badge-untracked")).toBeVisible();
  await expect(row.getByTestId("badge-clean")).toHaveCount(0);

  await runCommand(page, "printf 'made by run one\\n' > made.txt && sed -i 's/demo/DEMO/' README.md");
  await expect(row.getByTestId("badge-unstaged")).toBeVisible();
  await answers(page).nth(0).getByTestId("run-changes-toggle").click();
  expect(await runFiles(page, 0)).toEqual(["added made.txt", "modified README.md"]);
  await answers(page)
    .nth(0)
    .locator('[data-testid="changed-file"][data-path="README.md"]')
    .getByTestId("changed-file-open")
    .click();
  const diff = answers(page).nth(0).getByTestId("file-diff");
  await expect(diff.locator('[data-testid="diff-line"][data-kind="removed"]')).toHaveText(/# demo/);
  await expect(diff.locator('[data-testid="diff-line"][data-kind="added"]')).toHaveText(/# DEMO/);

  // The user edits a file between the runs, and the second run edits it too: both changes are shown, apart.
  writeFileSync(file("made.txt"), "made by run one\nuser line\n");
  await runCommand(page, "printf 'two\\n' > second.txt && printf 'more\\n' >> made.txt");
  await answers(page).nth(1).getByTestId("run-changes-toggle").click();
  expect(await runFiles(page, 1)).toEqual(["added second.txt", "modified made.txt"]);
  const second = answers(page).nth(1);
  await second
    .getByTestId("run-changes-files")
    .locator('[data-path="made.txt"]')
    .getByTestId("changed-file-open")
    .click();
  await expect(second.getByTestId("file-diff").locator('[data-kind="added"]')).toHaveText([/more$/]);
  const before = second.getByTestId("run-changes-before-files");
  await before.locator('[data-path="made.txt"]').getByTestId("changed-file-open").click();
  await expect(second.getByTestId("file-diff").locator('[data-kind="added"]')).toHaveText([/user line$/]);
  expect(await runFiles(page, 0)).toEqual(["added made.txt", "modified README.md"]);

  await answers(page).nth(1).getByTestId("run-restore").click();
  const dialog = page.getByTestId("restore-dialog");
  await expect(dialog.getByTestId("restore-file")).toHaveCount(2);
  await expect(dialog.locator('[data-testid="restore-file"][data-path="second.txt"]')).toHaveAttribute(
    "data-action",
    "delete",
  );
  await expect(dialog.locator('[data-testid="restore-file"][data-path="made.txt"]')).toHaveAttribute(
    "data-action",
    "write",
  );
  await dialog.getByTestId("restore-submit").click();
  await expect(dialog.getByTestId("restore-done")).toContainText("Restored 1 file(s) and deleted 1");
  expect(existsSync(file("second.txt"))).toBe(false);
  expect(readFileSync(file("made.txt"), "utf8")).toBe("made by run one\nuser line\n");
  expect(readFileSync(file("README.md"), "utf8")).toBe("# DEMO\n");
  expect(readFileSync(file("user.txt"), "utf8")).toBe("mine\n");
});

test("the Changes tab follows terminal edits, sends a two-comment review to Claude verbatim, and commits with a drafted message", async ({
  page,
  repo,
  claude,
}) => {
  test.slow(); // a real CLI run for the review and one for the drafted message
  const git = (...args: string[]) => runFixtureGit({ cwd: repo.mainPath, args });
  await git("config", "user.name", "Changes Tester");
  await git("config", "user.email", "changes.tester@example.invalid");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("changes-toggle").click();
  const panel = page.getByTestId("changes-panel");
  await expect(panel.getByTestId("changed-files-empty")).toBeVisible();

  // Written "in a terminal": the watcher tells the page, no reload (nothing polls, so only the watcher can).
  writeFileSync(
    path.join(repo.mainPath, "README.md"),
    "# demo\nfirst new line\nsecond new line [[mock:text Describe the demo]]\n",
  );
  await expect(panel.getByTestId("changed-file")).toHaveCount(1);
  await expect(panel.getByTestId("changed-file-counts")).toHaveText("+2 −0");

  await panel.getByTestId("changed-file-open").click();
  const added = panel.locator('[data-testid="diff-line"][data-kind="added"]');
  await expect(added).toHaveCount(2);
  await added.nth(0).getByTestId("diff-line-number").last().click();
  await panel.getByTestId("comment-input").fill("Say why this line exists, `quoted` and all.");
  await panel.getByTestId("comment-add").click();
  await added.nth(1).getByTestId("diff-line-number").last().click();
  await panel.getByTestId("comment-input").fill("Second remark:\nkeep it short.");
  await panel.getByTestId("comment-add").click();
  await expect(panel.getByTestId("review-comment")).toHaveCount(2);
  // Written comments outlive the tab: closed and opened again, and after a reload, both are there.
  await page.getByTestId("changes-toggle").click();
  await page.getByTestId("changes-toggle").click();
  await expect(panel.getByTestId("review-comment")).toHaveCount(2);
  await page.reload();
  await expect(panel.getByTestId("review-comment")).toHaveCount(2);
  await panel.getByTestId("review-send").click();

  await expect(answers(page)).toHaveCount(1);
  const request = await claude.mock.waitForRequest(
    (recorded) => lastUserText(recorded)?.includes("Review of the changes in this worktree") ?? false,
    { timeoutMs: 30_000 },
  );
  const prompt = lastUserText(request)!;
  expect(prompt).toContain(
    "1. README.md, line 2:\n```diff\n+first new line\n```\nSay why this line exists, `quoted` and all.",
  );
  expect(prompt).toContain(
    "2. README.md, line 3:\n```diff\n+second new line [[mock:text Describe the demo]]\n```\nSecond remark:\nkeep it short.",
  );
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("Second remark:");

  await panel.getByTestId("commit-draft").click();
  await expect(panel.getByTestId("commit-message")).toHaveValue("Describe the demo");
  await panel.getByTestId("commit-submit").click();
  await expect(panel.getByTestId("changed-files-empty")).toBeVisible();
  expect(await git("log", "-1", "--format=%an <%ae>|%s")).toBe(
    "Changes Tester <changes.tester@example.invalid>|Describe the demo\n",
  );
  expect(await git("status", "--porcelain")).toBe("");
});

test("a commit of one picked hunk leaves the file's other change uncommitted", async ({ page, repo }) => {
  const git = (...args: string[]) => runFixtureGit({ cwd: repo.mainPath, args });
  await git("config", "user.name", "Changes Tester");
  await git("config", "user.email", "changes.tester@example.invalid");
  const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
  writeFileSync(path.join(repo.mainPath, "list.txt"), `${lines.join("\n")}\n`);
  await git("add", "list.txt");
  await git("commit", "-q", "-m", "Add list");
  const edited = lines.map((line, index) => (index === 1 ? "line two" : index === 27 ? "line twenty-eight" : line));
  writeFileSync(path.join(repo.mainPath, "list.txt"), `${edited.join("\n")}\n`);

  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("changes-toggle").click();
  const panel = page.getByTestId("changes-panel");
  await panel.getByTestId("changed-file-open").click();
  await expect(panel.getByTestId("hunk-pick")).toHaveCount(2);
  await panel.getByTestId("hunk-pick").first().uncheck();
  await panel.getByTestId("commit-message").fill("Only the end of the list");
  await panel.getByTestId("commit-submit").click();

  await expect(panel.getByTestId("changed-file-counts")).toHaveText("+1 −1");
  expect(await git("show", "--format=%s", "--unified=0", "HEAD")).toContain("-line 28\n+line twenty-eight");
  expect(await git("diff", "--unified=0")).toContain("-line 2\n+line two");
});

test("the worktree list follows terminal work in every worktree it shows, not only the open one", async ({
  page,
  repo,
}) => {
  const edited = await repo.addWorktree("edited");
  const staged = await repo.addWorktree("staged");
  await page.goto(`/?repo=${repo.repoId}`);
  const row = (worktreePath: string) => page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);
  await expect(row(edited).getByTestId("badge-clean")).toBeVisible();
  await expect(row(staged).getByTestId("badge-clean")).toBeVisible();

  // As in a terminal: a new file in one worktree, a staged change in another; no chat is open, nothing is clicked.
  writeFileSync(path.join(edited, "notes.md"), "from the terminal\n");
  writeFileSync(path.join(staged, "a.txt"), "changed\n");
  await runFixtureGit({ cwd: staged, args: ["add", "a.txt"] });
  await expect(row(edited).getByTestId("badge-untracked")).toBeVisible();
  await expect(row(staged).getByTestId("badge-staged")).toBeVisible();
});

test("Commit waits while Claude works in the worktree, saying why, and is offered once the run has ended", async ({
  page,
  repo,
}) => {
  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.name", "Changes Tester"] });
  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.email", "changes.tester@example.invalid"] });
  writeFileSync(path.join(repo.mainPath, "draft.txt"), "mine\n");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  // The mock model never answers this one until it is stopped.
  await sendMessage(page, "think it over [[mock:hang]]");
  await page.getByTestId("changes-toggle").click();
  const panel = page.getByTestId("changes-panel");
  await expect(panel.getByTestId("changed-file")).toHaveCount(1);
  await panel.getByTestId("commit-message").fill("Add my draft");
  await expect(panel.getByTestId("commit-submit")).toBeDisabled();
  await expect(panel.getByTestId("commit-busy")).toHaveText(
    "Claude is working in this worktree; commit once the run has ended.",
  );
  // Back to the chat to stop the run, then to the Changes tab: the message is still there, and Commit is offered.
  await page.getByTestId("changes-toggle").click();
  await page.getByTestId("stop-button").click();
  await expect(answers(page).last()).toHaveAttribute("data-status", "cancelled");
  await page.getByTestId("changes-toggle").click();
  await expect(panel.getByTestId("commit-busy")).toHaveCount(0);
  await expect(panel.getByTestId("commit-message")).toHaveValue("Add my draft");
  await panel.getByTestId("commit-submit").click();
  await expect(panel.getByTestId("changed-files-empty")).toBeVisible();
  // Committed: the kept message went with it; the next change starts from an empty one.
  writeFileSync(path.join(repo.mainPath, "next.txt"), "next\n");
  await expect(panel.getByTestId("changed-file")).toHaveCount(1);
  await expect(panel.getByTestId("commit-message")).toHaveValue("");
});
