// `arbor open`: the sign-in link comes from the data directory (0600 files), and reaches the
// browser without ever being on a command line, where every account could read it.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { removeDataDir, repoRoot, startArbor } from "@/tests/support/start-arbor.ts";
import { writeRecordingCommand } from "@/tests/support/recording-command.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();

/** Runs `arbor open …` from another directory, as a user would; resolves with its exit code and output. */
function arborOpen(input: { dataDir: string; args?: string[]; path?: string }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, "bin", "arbor.mjs"), "open", "--data-dir", input.dataDir, ...(input.args ?? [])],
      { cwd: os.tmpdir(), env: { ...process.env, ARBOR_TOKEN: "", PATH: input.path ?? process.env.PATH } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe("arbor open", () => {
  it("prints the running server's sign-in link with the token from the data directory", async () => {
    const opened = await arborOpen({ dataDir: server.arbor.dataDir, args: ["--no-browser"] });
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain(`${server.arbor.url}/?token=${server.arbor.token}`);
  });

  it("hands the browser a 0600 file in the data directory, never the token on a command line", async () => {
    // The desktop's opener, replaced by one that records its arguments (in the throw-away data directory).
    const opener = writeRecordingCommand({ dir: server.arbor.dataDir, name: "xdg-open" });
    const opened = await arborOpen({
      dataDir: server.arbor.dataDir,
      path: `${opener.binDir}:${process.env.PATH ?? ""}`,
    });
    expect(opened.code).toBe(0);
    // The opener runs detached from `arbor open`; wait for what it recorded.
    await expect.poll(() => existsSync(opener.argvFile), { timeout: 10_000 }).toBe(true);
    const argv = opener.readArgv();
    const page = path.join(server.arbor.dataDir, "open.html");
    expect(argv).toEqual([pathToFileURL(page).href]);
    expect(argv.join(" ")).not.toContain(server.arbor.token);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(readFileSync(page, "utf8")).toContain(`url=${server.arbor.url}/?token=${server.arbor.token}`);
    expect(fileURLToPath(argv[0]!)).toBe(page);
  });

  it("says Arbor is not running when no server is recorded, or the recorded one is gone", async () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), "arbor-open-none-"));
    try {
      const none = await arborOpen({ dataDir: fresh, args: ["--no-browser"] });
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(/Arbor is not running .*: start it with npm start/);
      expect(none.stdout).toBe("");

      const gone = spawnSync("true");
      writeFileSync(path.join(fresh, "server.json"), JSON.stringify({ url: server.arbor.url, pid: gone.pid }));
      const stale = await arborOpen({ dataDir: fresh, args: ["--no-browser"] });
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/not running/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("after a server stopped, says it is not running (the server removed its record)", async () => {
    const stopped = await startArbor();
    try {
      expect(await stopped.stop()).toBe(0);
      const opened = await arborOpen({ dataDir: stopped.dataDir, args: ["--no-browser"] });
      expect(opened.code).toBe(1);
      expect(opened.stderr).toMatch(/not running/);
      expect(opened.stdout).not.toContain(stopped.token);
    } finally {
      removeDataDir(stopped.dataDir);
    }
  });
});
