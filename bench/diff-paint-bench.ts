import { writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { findBrowser } from "@/scripts/find-browser.ts";
import { pinRepo } from "@/tests/support/call-api.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";

export interface DiffPaintFigures {
  diffLines: number;
  fileBytes: number;
  /** Click on the file → its first diff line on screen. */
  firstPaintMs: number;
  /** Longest main-thread task while opening it. */
  openLongestTaskMs: number;
  /** From the top to the last line drawn: wheel steps of a screenful (and, before the virtual list, "Show more"). */
  toEndMs: number;
  toEndLongestTaskMs: number;
  /** "Show more" presses needed on the way (0 with the virtual list). */
  pages: number;
}

export interface DiffPaintResult {
  /** A 20,000-line new TypeScript file (each line short). */
  lines: DiffPaintFigures;
  /** A 5 MB new TypeScript file (longer lines). */
  large: DiffPaintFigures;
}

/**
 * Opens the diff of a 20,000-line change, then of a 5 MB file, in the Changes tab of a real Arbor
 * in Chromium (unified view, syntax highlighted), and measures the time to its first drawn line
 * and the longest main-thread task (PerformanceObserver `longtask`) while opening it, then while
 * scrolling to its last line.
 */
export async function runDiffPaintBench({ diffLines = 20_000 }: { diffLines?: number } = {}): Promise<DiffPaintResult> {
  const fixture = await createFixtureRoot();
  const arbor = await startArbor();
  const browser = await chromium.launch({
    executablePath: findBrowser().executablePath,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu"],
  });
  try {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "README.md": "# bench\n" } });
    const short = Array.from({ length: diffLines }, (_, index) => `const line${index} = ${index}; // generated`);
    const filler = "x".repeat(60);
    const longCount = Math.ceil((5 * 1024 * 1024) / 100);
    const long = Array.from({ length: longCount }, (_, index) => `export const v${index} = "${filler}"; // ${index}`);
    await writeFile(path.join(mainPath, "big.ts"), `${short.join("\n")}\n`);
    await writeFile(path.join(mainPath, "huge.ts"), `${long.join("\n")}\n`);
    const repoId = await pinRepo(arbor, mainPath);
    const page = await browser.newPage({ reducedMotion: "reduce", viewport: { width: 1440, height: 900 } });
    // The printed link is the harness's own (used once already): the page signs in with a fresh one.
    await page.goto(await arbor.mintSignInLink());
    await page.waitForURL(`${arbor.url}/`);
    // Each file in a fresh page, so the second measures no leftovers of the first.
    const openChanges = async () => {
      await page.goto(`${arbor.url}/?repo=${repoId}`);
      await page.locator(`[data-testid="worktree-row"][data-path="${mainPath}"]`).getByTestId("worktree-open").click();
      await page.getByTestId("composer-input").waitFor();
      // The panel stays open after a reload (a choice kept in localStorage).
      if ((await page.getByTestId("changes-panel").count()) === 0) await page.getByTestId("changes-toggle").click();
      await page.getByTestId("changed-file-open").first().waitFor();
      await page.evaluate(() => {
        const state = window as unknown as { arborLongest: number };
        state.arborLongest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.arborLongest = Math.max(state.arborLongest, entry.duration);
        }).observe({ type: "longtask" });
      });
    };
    await openChanges();
    const lines = await measureFile(page, { file: "big.ts", lines: short });
    await openChanges();
    const large = await measureFile(page, { file: "huge.ts", lines: long });
    return { lines, large };
  } finally {
    await browser.close();
    await arbor.stop();
    removeDataDir(arbor.dataDir);
    await removeGitFixture(fixture);
  }
}

async function measureFile(page: Page, input: { file: string; lines: string[] }): Promise<DiffPaintFigures> {
  const longest = () =>
    page.evaluate(() => {
      const state = window as unknown as { arborLongest: number };
      const value = state.arborLongest;
      state.arborLongest = 0;
      return value;
    });
  await longest();
  let start = performance.now();
  await page
    .locator(`[data-testid="changed-file"][data-path="${input.file}"]`)
    .getByTestId("changed-file-open")
    .click();
  await page.getByTestId("diff-line").first().waitFor();
  const firstPaintMs = performance.now() - start;
  // Let the open settle (its last tasks count as opening), without waiting on a timer.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const openLongestTaskMs = await longest();

  start = performance.now();
  let pages = 0;
  // Counted with querySelectorAll in the page: Playwright's own locators over 20,000 rows would be the long task.
  const drawnLines = () => page.evaluate(() => document.querySelectorAll('[data-testid="diff-line"]').length);
  while ((await page.locator('[data-testid="diff-show-more"]').count()) > 0) {
    const drawn = await drawnLines();
    await page.locator('[data-testid="diff-show-more"]').click();
    await page.waitForFunction(
      (before) => document.querySelectorAll('[data-testid="diff-line"]').length > before,
      drawn,
    );
    pages += 1;
  }
  const lastText = input.lines.at(-1)!;
  const scroller = page.getByTestId("diff-view").locator("> div").first();
  const box = await scroller.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A screenful per wheel step until the last line is drawn and in view.
  for (;;) {
    const isAtEnd = await page.evaluate((text) => {
      const rows = document.querySelectorAll('[data-testid="diff-line"]');
      const last = rows[rows.length - 1];
      if (!last?.textContent?.includes(text)) return false;
      const view = last.closest("[data-diff-scroller], .overflow-auto") ?? document.documentElement;
      return last.getBoundingClientRect().bottom <= view.getBoundingClientRect().bottom + 1;
    }, lastText);
    if (isAtEnd) break;
    await page.mouse.wheel(0, 20_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  const toEndMs = performance.now() - start;
  const toEndLongestTaskMs = await longest();
  return {
    diffLines: input.lines.length,
    fileBytes: input.lines.reduce((sum, line) => sum + line.length + 1, 0),
    firstPaintMs: Math.round(firstPaintMs),
    openLongestTaskMs: Math.round(openLongestTaskMs),
    toEndMs: Math.round(toEndMs),
    toEndLongestTaskMs: Math.round(toEndLongestTaskMs),
    pages,
  };
}
