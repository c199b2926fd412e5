import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { readClaudeSettings } from "@/tests/support/claude-settings-file.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";

const run = promisify(execFile);
let fixture: { root: string };
let mainPath: string;
let dataDir: string;

const arbor = (args: string[]) =>
  run(process.execPath, [path.join(repoRoot, "bin", "arbor.mjs"), ...args, "--data-dir", dataDir], {
    cwd: os.tmpdir(),
  }).then(
    (result) => ({ code: 0, stdout: result.stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: `${error.stdout}${error.stderr}`,
    }),
  );

beforeAll(async () => {
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  await addWorktree({ mainPath, path: path.join(fixture.root, "second"), branch: "feat/second" });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-cli-data-"));
});

afterAll(async () => {
  await removeGitFixture(fixture);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("arbor hooks (command line, no server running)", () => {
  it("previews with --dry-run, installs into one worktree, and uninstalls", async () => {
    const settings = path.join(mainPath, ".claude", "settings.local.json");
    const dry = await arbor(["hooks", "install", path.join(mainPath, "sub-dir-not-needed", ".."), "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("hooks.SessionStart");
    expect(existsSync(settings)).toBe(false);

    const installed = await arbor(["hooks", "install", mainPath]);
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`${settings}: written`);
    const hooks = readClaudeSettings(settings).hooks;
    expect(hooks?.Stop?.[0]?.hooks[0]?.command).toBe(`'${path.join(dataDir, "bin", "arbor-hook")}' --sync`);
    expect(hooks?.PreToolUse?.[0]?.hooks[0]?.command).toBe(`'${path.join(dataDir, "bin", "arbor-hook")}'`);
    expect(existsSync(path.join(dataDir, "bin", "arbor-hook"))).toBe(true);

    const removed = await arbor(["hooks", "uninstall", mainPath]);
    expect(removed.stdout).toContain("written");
    expect(readClaudeSettings(settings).hooks).toBeUndefined();
  });

  it("installs into every worktree with --scope repo, and explains a bad path", async () => {
    const result = await arbor(["hooks", "install", mainPath, "--scope", "repo"]);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(fixture.root, "second", ".claude", "settings.local.json"))).toBe(true);
    const bad = await arbor(["hooks", "install", "/definitely/missing"]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/does not exist/);
  });
});
