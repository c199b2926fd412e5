// The Chromium that the browser tests drive. playwright.config.ts calls findBrowser(); `npm run test:e2e`
// first runs `node --import tsx scripts/find-browser.ts --check` so a missing browser stops the run with
// what to install instead of a Playwright stack trace after the build. Without --check it prints the path only.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { findExecutable, isExecutableFile } from "@/lib/process-host/resolve-executable.ts";

export const INSTALL_HINT =
  "Install Chromium: `apt-get install chromium-headless-shell` or `apt-get install chromium` (Debian/Ubuntu) " +
  "or `npx playwright install chromium` (needs internet), or set ARBOR_CHROMIUM=/path/to/chrome";

/**
 * Names a Chromium or Chrome binary goes by on PATH. The headless shell first: it is what Playwright itself
 * runs headless, and it takes about a third less CPU than the full browser for the same tests.
 */
const PATH_NAMES = [
  "chromium-headless-shell",
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
  "chrome",
];

export type BrowserSource = "ARBOR_CHROMIUM" | "Playwright" | "PATH" | "npx playwright install chromium";

export interface FoundBrowser {
  executablePath: string;
  source: BrowserSource;
}

/** No usable browser; the message says what to do. */
export class BrowserNotFoundError extends Error {
  override name = "BrowserNotFoundError";
}

/**
 * Picks, in order: ARBOR_CHROMIUM (which must then be an executable file), Playwright's own Chromium
 * when installed, a Chromium or Chrome on PATH, and last Playwright's Chromium installed now.
 * Throws BrowserNotFoundError when none works.
 */
export function findBrowser(): FoundBrowser {
  const configured = process.env.ARBOR_CHROMIUM;
  if (configured) {
    const executablePath = path.resolve(configured);
    if (!isExecutableFile(executablePath)) {
      throw new BrowserNotFoundError(
        `ARBOR_CHROMIUM is set to ${configured}, but that is not an executable file. ` +
          "Point ARBOR_CHROMIUM at a Chromium or Chrome binary, or unset it to let the tests find one.",
      );
    }
    return { executablePath, source: "ARBOR_CHROMIUM" };
  }
  const bundled = findPlaywrightChromium();
  if (bundled) return { executablePath: bundled, source: "Playwright" };
  const onPath = findOnPath(PATH_NAMES, process.env.PATH ?? "");
  if (onPath) return { executablePath: onPath, source: "PATH" };
  if (installPlaywrightChromium()) {
    const installed = findPlaywrightChromium();
    if (installed) return { executablePath: installed, source: "npx playwright install chromium" };
  }
  throw new BrowserNotFoundError(`No Chromium or Chrome found for the browser tests. ${INSTALL_HINT}`);
}

function findPlaywrightChromium(): string | null {
  let executablePath: string;
  try {
    executablePath = chromium.executablePath();
  } catch {
    // Playwright has no Chromium build for this platform.
    return null;
  }
  return isExecutableFile(executablePath) ? executablePath : null;
}

/** The first of `names` found in a PATH entry, searched without a shell. Empty and relative entries are skipped. */
function findOnPath(names: string[], searchPath: string): string | null {
  for (const name of names) {
    const found = findExecutable({ name, pathValue: searchPath });
    if (found) return found;
  }
  return null;
}

/** Runs the local Playwright CLI's `install chromium`; its output goes to stderr so stdout stays the path. */
function installPlaywrightChromium(): boolean {
  const cli = createRequire(import.meta.url).resolve("@playwright/test/cli");
  console.error("[arbor] No Chromium or Chrome found; trying `npx playwright install chromium` (needs internet)…");
  const result = spawnSync(process.execPath, [cli, "install", "chromium"], { stdio: ["ignore", 2, 2], shell: false });
  return result.status === 0;
}

function runCli(args: string[]): void {
  try {
    const browser = findBrowser();
    console.log(
      args.includes("--check")
        ? `[arbor] browser tests use ${browser.executablePath} (from ${browser.source})`
        : browser.executablePath,
    );
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError)) throw error;
    console.error(`[arbor] ${error.message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCli(process.argv.slice(2));
}
