// `arbor open`: a program that holds the access token (the data directory's, or ARBOR_TOKEN) gets no way
// in by it: Arbor prints a new one-time sign-in link on its own terminal, and the command only opens Arbor.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeDataDir, repoRoot, startArbor } from "@/tests/support/start-arbor.ts";
import { writeRecordingCommand } from "@/tests/support/recording-command.ts";
import { openSignInLink } from "@/tests/support/sign-in.ts";
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
  it("makes Arbor print a new one-time link on its own terminal, and never hands it to the command", async () => {
    const before = server.arbor.output();
    const opened = await arborOpen({ dataDir: server.arbor.dataDir, args: ["--no-browser"] });
    expect(opened.code).toBe(0);
    expect(opened.stdout).toMatch(/printed a new sign-in link in the terminal where it runs/);
    expect(opened.stdout + opened.stderr).not.toContain("signin=");
    expect(opened.stdout + opened.stderr).not.toContain(server.arbor.token);
    await expect.poll(() => server.arbor.output().slice(before.length)).toMatch(/asked for a sign-in link/);
    const printed = /open this one \(good once, for 10 minutes\): (\S+)/.exec(
      server.arbor.output().slice(before.length),
    );
    // The printed link signs a browser in, once.
    const first = await openSignInLink(server.arbor, new URL(printed![1]!).search.replace(/^/, "/"));
    expect(first.status).toBe(200);
    expect(first.pageKey).not.toBeNull();
  });

  it("opens Arbor's address in the browser, with no secret on any command line", async () => {
    // The desktop's opener, replaced by one that records its arguments (in the throw-away data directory).
    const opener = writeRecordingCommand({ dir: server.arbor.dataDir, name: "xdg-open" });
    const opened = await arborOpen({
      dataDir: server.arbor.dataDir,
      path: `${opener.binDir}:${process.env.PATH ?? ""}`,
    });
    expect(opened.code).toBe(0);
    // The opener runs detached from `arbor open`; wait for what it recorded.
    await expect.poll(() => existsSync(opener.argvFile), { timeout: 10_000 }).toBe(true);
    expect(opener.readArgv()).toEqual([`${server.arbor.url}/`]);
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
