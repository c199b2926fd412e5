import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const SCRIPT = path.join(repoRoot, "scripts", "find-browser.ts");
/** Where the install step would download from: a closed loopback port, so it fails at once, online or not. */
const UNREACHABLE_HOST = "http://127.0.0.1:1";

let tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs = [];
});

async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "arbor-find-browser-"));
  tempDirs.push(dir);
  return dir;
}

async function writeFakeBrowser(dir: string, mode: number, name = "chromium"): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, "#!/bin/sh\nexit 0\n");
  await chmod(file, mode);
  return file;
}

/** Runs the real script (`node --import tsx scripts/find-browser.ts`) with these variables over the test's own. */
function runFindBrowser(
  vars: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["ARBOR_CHROMIUM", "PLAYWRIGHT_DOWNLOAD_HOST", "PLAYWRIGHT_CHROMIUM_DOWNLOAD_HOST"])
    delete env[key];
  Object.assign(env, vars);
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", SCRIPT], { cwd: repoRoot, env }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Each test starts node with tsx and Playwright (a second or two; more on a busy machine). */
describe("find-browser", { timeout: 60_000 }, () => {
  it("picks an executable chromium on PATH when Playwright has none, skipping a non-executable one", async () => {
    const [first, second, browsers] = await Promise.all([makeTempDir(), makeTempDir(), makeTempDir()]);
    await writeFakeBrowser(first, 0o644);
    const fake = await writeFakeBrowser(second, 0o755);

    const result = await runFindBrowser({
      PATH: `${first}${path.delimiter}${second}`,
      PLAYWRIGHT_BROWSERS_PATH: browsers,
    });

    expect(result).toMatchObject({ code: 0, stdout: `${fake}\n` });
  });

  it("prefers Chromium's headless shell to the full browser on PATH, wherever each is", async () => {
    const [full, shell, browsers] = await Promise.all([makeTempDir(), makeTempDir(), makeTempDir()]);
    await writeFakeBrowser(full, 0o755);
    const headless = await writeFakeBrowser(shell, 0o755, "chromium-headless-shell");

    const result = await runFindBrowser({
      PATH: `${full}${path.delimiter}${shell}`,
      PLAYWRIGHT_BROWSERS_PATH: browsers,
    });

    expect(result).toMatchObject({ code: 0, stdout: `${headless}\n` });
  });

  it("with no browser anywhere and no download possible, exits non-zero saying what to install", async () => {
    const [bin, browsers] = await Promise.all([makeTempDir(), makeTempDir()]);
    await symlink(process.execPath, path.join(bin, "node"));

    const result = await runFindBrowser({
      PATH: bin,
      PLAYWRIGHT_BROWSERS_PATH: browsers,
      PLAYWRIGHT_DOWNLOAD_HOST: UNREACHABLE_HOST,
      PLAYWRIGHT_CHROMIUM_DOWNLOAD_HOST: UNREACHABLE_HOST,
    });

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      "Install Chromium: `apt-get install chromium-headless-shell` or `apt-get install chromium` (Debian/Ubuntu) " +
        "or `npx playwright install chromium` (needs internet), or set ARBOR_CHROMIUM=/path/to/chrome",
    );
  });

  it("refuses an ARBOR_CHROMIUM that points at a missing file, naming the variable, even with a browser on PATH", async () => {
    const [bin, browsers] = await Promise.all([makeTempDir(), makeTempDir()]);
    await writeFakeBrowser(bin, 0o755);
    const missing = path.join(bin, "no-such-chrome");

    const result = await runFindBrowser({ ARBOR_CHROMIUM: missing, PATH: bin, PLAYWRIGHT_BROWSERS_PATH: browsers });

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`ARBOR_CHROMIUM is set to ${missing}, but that is not an executable file.`);
  });

  it("uses ARBOR_CHROMIUM before any other browser", async () => {
    const [bin, chosen, browsers] = await Promise.all([makeTempDir(), makeTempDir(), makeTempDir()]);
    await writeFakeBrowser(bin, 0o755);
    const configured = await writeFakeBrowser(chosen, 0o755);

    const result = await runFindBrowser({ ARBOR_CHROMIUM: configured, PATH: bin, PLAYWRIGHT_BROWSERS_PATH: browsers });

    expect(result).toMatchObject({ code: 0, stdout: `${configured}\n` });
  });
});
