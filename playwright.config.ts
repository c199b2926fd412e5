import { defineConfig } from "@playwright/test";
import { findBrowser } from "@/scripts/find-browser.ts";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Browser tests drive the Chromium that scripts/find-browser.ts picks: ARBOR_CHROMIUM, Playwright's
 * own, one on PATH, or one it installs. Each worker starts its own Arbor server on a free port with a
 * throw-away data directory; see e2e/arbor-fixtures.ts.
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  // What a healthy run needs on a 2-core machine (a send that rescans git and starts `claude` takes a few
  // seconds), so a broken expectation fails in seconds; a test that waits on several runs says so with test.slow().
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    // A failed test keeps its trace: DOM snapshots and network, not a screencast. Recording the screencast of
    // every test (kept or not) cost about 15 % of the suite's CPU, most of it in chromium encoding frames.
    trace: { mode: "retain-on-failure", screenshots: false },
    // Arbor's spinners respect prefers-reduced-motion; without a GPU, chromium would otherwise
    // repaint them continuously and take the CPU the agents under test need (2 cores).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: findBrowser().executablePath,
      args: [
        ...(isRoot ? ["--no-sandbox"] : []),
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
