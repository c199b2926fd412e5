import { writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findBrowser } from "@/scripts/find-browser.ts";
import { pinRepo } from "@/tests/support/call-api.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";

export interface DiffPaintResult {
  diffLines: number;
  /** Click on the file → its first diff line on screen (the first 400 lines are drawn). */
  firstPaintMs: number;
  /** Longest main-thread task while opening it. */
  openLongestTaskMs: number;
  /** "Show more" pressed until every line is drawn (pages of 1,000 lines), and the longest task meanwhile. */
  showAllMs: number;
  showAllLongestTaskMs: number;
  pages: number;
}

/**
 * Opens the diff of a 20,000-line change in the Changes tab of a real Arbor in Chromium and
 * measures the time to its first drawn line and the longest main-thread task (PerformanceObserver
 * `longtask`), then while "Show more" draws the rest page by page.
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
    const text = Array.from({ length: diffLines }, (_, index) => `const line${index} = ${index}; // generated`).join(
      "\n",
    );
    await writeFile(path.join(mainPath, "big.ts"), `${text}\n`);
    const repoId = await pinRepo(arbor, mainPath);
    const page = await browser.newPage({ reducedMotion: "reduce" });
    await page.goto(arbor.signInUrl);
    await page.goto(`${arbor.url}/?repo=${repoId}`);
    await page.locator(`[data-testid="worktree-row"][data-path="${mainPath}"]`).getByTestId("worktree-open").click();
    await page.getByTestId("changes-toggle").click();
    await page.getByTestId("changed-file-open").first().waitFor();
    await page.evaluate(() => {
      const state = window as unknown as { arborLongest: number };
      state.arborLongest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.arborLongest = Math.max(state.arborLongest, entry.duration);
      }).observe({ type: "longtask" });
    });
    const longest = () =>
      page.evaluate(() => {
        const state = window as unknown as { arborLongest: number };
        const value = state.arborLongest;
        state.arborLongest = 0;
        return value;
      });

    let start = performance.now();
    await page.locator('[data-testid="changed-file"][data-path="big.ts"]').getByTestId("changed-file-open").click();
    await page.getByTestId("diff-line").first().waitFor();
    const firstPaintMs = performance.now() - start;
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
    const showAllMs = performance.now() - start;
    const showAllLongestTaskMs = await longest();
    return {
      diffLines,
      firstPaintMs: Math.round(firstPaintMs),
      openLongestTaskMs: Math.round(openLongestTaskMs),
      showAllMs: Math.round(showAllMs),
      showAllLongestTaskMs: Math.round(showAllLongestTaskMs),
      pages,
    };
  } finally {
    await browser.close();
    await arbor.stop();
    removeDataDir(arbor.dataDir);
    await removeGitFixture(fixture);
  }
}
