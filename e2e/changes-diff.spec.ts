import { writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, openWorktree, test } from "./chat-fixtures.ts";

/** Serious or critical axe findings inside the diff (colour contrast of the syntax colours included). */
async function diffViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="file-diff"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("a TypeScript diff is syntax highlighted in both views and both themes, changed words and line selection kept", async ({
  page,
  repo,
}) => {
  const git = (...args: string[]) => runFixtureGit({ cwd: repo.mainPath, args });
  const file = path.join(repo.mainPath, "answer.ts");
  writeFileSync(file, '/* The answer,\n   asked for long ago. */\nexport const answer = 41;\nconst name = "deep";\n');
  await git("add", "answer.ts");
  await git("-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "Add answer");
  writeFileSync(file, '/* The answer,\n   asked for long ago. */\nexport const answer = 42;\nconst name = "deep";\n');

  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("theme-switch").selectOption("light");
  await page.getByTestId("changes-toggle").click();
  const panel = page.getByTestId("changes-panel");
  await expect(panel.getByTestId("changes-base")).toBeVisible();
  await panel.locator('[data-testid="changed-file"][data-path="answer.ts"]').getByTestId("changed-file-open").click();
  const diff = panel.getByTestId("file-diff");

  // Unified: the keyword is coloured, the changed number is both marked and coloured, a comment's
  // second line is still a comment (state carried across lines).
  const added = diff.locator('[data-testid="diff-line"][data-kind="added"]');
  await expect(added.locator(".hljs-keyword").first()).toHaveText("export");
  await expect(added.getByTestId("diff-changed-word").locator(".hljs-number")).toHaveText("42");
  await expect(diff.locator('[data-testid="diff-line"][data-kind="context"] .hljs-comment').nth(1)).toHaveText(
    "   asked for long ago. */",
  );
  await expect(diff.locator('[data-testid="diff-line"] .hljs-string')).toHaveText('"deep"');
  const keywordColour = () =>
    added
      .locator(".hljs-keyword")
      .first()
      .evaluate((node) => getComputedStyle(node).color);
  const lightColour = await keywordColour();
  expect(await diffViolations(page)).toEqual([]);

  // Line numbers still select lines for a comment.
  await added.getByTestId("diff-line-number").last().click();
  await expect(panel.getByTestId("comment-form")).toContainText("Comment on line 3");
  await expect(added).toHaveAttribute("data-selected", "true");

  // Side by side: the same colours on both sides.
  await panel.getByTestId("changes-split").click();
  const split = diff.getByTestId("split-diff-view");
  await expect(split.locator('td[data-kind="removed"] .hljs-number')).toHaveText("41");
  await expect(split.locator('td[data-kind="added"] .hljs-keyword').first()).toHaveText("export");
  await expect(split.locator('td[data-kind="added"] [data-testid="diff-changed-word"] .hljs-number')).toHaveText("42");

  // Dark theme: other colours, still readable (axe's contrast check) in both views.
  await page.getByTestId("theme-switch").selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await diffViolations(page)).toEqual([]);
  await panel.getByTestId("changes-split").click();
  expect(await keywordColour()).not.toBe(lightColour);
  expect(await diffViolations(page)).toEqual([]);
});

test("a 20,000-line diff opens with only a screenful drawn and the keyboard scrolls it to its last line", async ({
  page,
  repo,
}) => {
  const lines = Array.from({ length: 20_000 }, (_, index) => `export const line${index + 1} = ${index + 1};`);
  writeFileSync(path.join(repo.mainPath, "big.ts"), `${lines.join("\n")}\n`);

  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("changes-toggle").click();
  const panel = page.getByTestId("changes-panel");
  await panel.locator('[data-testid="changed-file"][data-path="big.ts"]').getByTestId("changed-file-open").click();
  const diff = panel.getByTestId("file-diff");
  const rows = diff.getByTestId("diff-line");
  await expect(rows.first()).toContainText("export const line1 = 1;");
  await expect(rows.first().locator(".hljs-keyword").first()).toHaveText("export");
  // A virtual list: the page holds the rows in view and a margin, never the 20,000.
  expect(await rows.count()).toBeLessThan(200);
  await expect(diff.getByTestId("diff-show-more")).toHaveCount(0);

  // The keyboard reaches the end: End in the focused scroll box, as often as the measured rows need.
  const scroller = diff.locator("[data-diff-scroller]");
  // The whole box in the page, so its last row can be in the viewport.
  await scroller.evaluate((box) => box.scrollIntoView({ block: "end" }));
  await scroller.focus();
  const last = rows.filter({ hasText: "export const line20000 = 20000;" });
  await expect(async () => {
    await scroller.press("End");
    await expect(last).toBeInViewport({ timeout: 1000 });
  }).toPass();
  expect(await rows.count()).toBeLessThan(200);

  // A line far down still selects for a comment.
  await last.getByTestId("diff-line-number").last().click();
  await expect(panel.getByTestId("comment-form")).toContainText("Comment on line 20000");

  // Side by side, the same file reaches its end too.
  await panel.getByTestId("changes-split").click();
  const split = diff.getByTestId("split-diff-view");
  await expect(split.getByTestId("split-row").first()).toContainText("export const line1 = 1;");
  await split.evaluate((box) => box.scrollIntoView({ block: "end" }));
  await split.focus();
  const lastPair = split.getByTestId("split-row").filter({ hasText: "export const line20000 = 20000;" });
  await expect(async () => {
    await split.press("End");
    await expect(lastPair).toBeInViewport({ timeout: 1000 });
  }).toPass();
});
