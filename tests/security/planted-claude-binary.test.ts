// Attack: pick which `claude` (or any program) Arbor runs. A repository plants `claude` in its
// worktree, in its node_modules/.bin, or in a folder of its own that the user's PATH names (direnv
// style); Arbor's PATH holds "." or a relative node_modules/.bin, which spawn() resolved against the
// worktree the child starts in. Or another local account saves its own script as claudeBin. Arbor
// resolves the binary itself, against its own PATH's absolute entries outside pinned repositories,
// refuses binaries others can change, and always starts an absolute path.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalProcessHost } from "@/lib/process-host/local-process-host.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import type { ErrorBody, SettingsBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";

const REAL_CLAUDE = path.join(repoRoot, "node_modules", ".bin", "claude");

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let markers: string;

/** A `claude` that only leaves a marker saying where it was found. */
function plant(dir: string, name = "claude"): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, dir.replace(/[^A-Za-z0-9]+/g, "_"))}'\n`);
  chmodSync(file, 0o755);
  return file;
}

const putClaudeBin = (claudeBin: string) =>
  callApi<SettingsBody & ErrorBody>(env.arbor, "/api/settings", { method: "PUT", body: { claudeBin } });

beforeAll(async () => {
  fixture = await createFixtureRoot();
  markers = path.join(fixture.root, "markers");
  mkdirSync(markers);
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  plant(mainPath);
  plant(path.join(mainPath, "node_modules", ".bin"));
  plant(path.join(mainPath, "tools"));
  // Relative entries first, then a pinned repository's own folder, then the real claude.
  const hostilePath = [".", "", "node_modules/.bin", path.join(mainPath, "tools"), path.dirname(REAL_CLAUDE)]
    .concat((process.env.PATH ?? "/usr/bin:/bin").split(path.delimiter))
    .join(path.delimiter);
  env = await startArborWithClaude({ serverEnv: { PATH: hostilePath } });
  await pinRepo(env.arbor, mainPath);
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

describe("which claude a chat run starts", () => {
  it("never one from the worktree, a relative PATH entry or a pinned repository's folder, by default", async () => {
    const { body: settings } = await callApi<SettingsBody>(env.arbor, "/api/settings");
    expect(settings.claude.path).toBe(REAL_CLAUDE);
    const repoId = (await callApi<{ pins: Array<{ repoId: string }> }>(env.arbor, "/api/repo-pins")).body.pins[0]!
      .repoId;
    const sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text real claude]]" });
    expect(sent.body.run.status).toBe("success");
    expect(sent.body.assistantMessage?.content).toBe("real claude");
    expect(readdirSync(markers)).toEqual([]);
  });

  it("saving `claude` stores the absolute path Arbor's own PATH gives, and returns it", async () => {
    const saved = await putClaudeBin("claude");
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ claudeBin: "claude", claudeBinPath: REAL_CLAUDE });
    expect(saved.body.claude).toEqual({ path: REAL_CLAUDE, problem: null });
  });
});

describe("what Settings refuses (422, with the reason next to the field)", () => {
  it("a name found nowhere on Arbor's PATH", async () => {
    const refused = await putClaudeBin("no-such-claude-binary");
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/"no-such-claude-binary" was not found on Arbor's PATH/);
    expect(refused.body.error.details?.issues).toEqual([{ path: "claudeBin", message: refused.body.error.message }]);
  });

  it("a relative path, and the claudeBinPath field itself", async () => {
    expect((await putClaudeBin("./claude")).body.error.message).toMatch(/relative path/);
    const forged = await callApi<ErrorBody>(env.arbor, "/api/settings", {
      method: "PUT",
      body: { claudeBinPath: path.join(mainPath, "claude") },
    });
    expect(forged.status).toBe(422);
  });

  it("a binary inside a pinned repository, even given by its absolute path", async () => {
    const refused = await putClaudeBin(path.join(mainPath, "node_modules", ".bin", "claude"));
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/inside the pinned repository/);
  });

  it("a binary in a folder every user can write to", async () => {
    const open = mkdtempSync(path.join(tmpdir(), "arbor-open-"));
    chmodSync(open, 0o777);
    try {
      const refused = await putClaudeBin(plant(open, "claude"));
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/writable by every user/);
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)("another account's script (here: owned by nobody)", async () => {
    const theirs = mkdtempSync(path.join(tmpdir(), "arbor-theirs-"));
    const script = plant(theirs, "claude");
    chownSync(script, 65534, 65534);
    try {
      const refused = await putClaudeBin(script);
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/belongs to another user \(uid 65534\)/);
      expect((await callApi<SettingsBody>(env.arbor, "/api/settings")).body.claude.path).toBe(REAL_CLAUDE);
    } finally {
      rmSync(theirs, { recursive: true, force: true });
    }
  });
});

describe("any program Arbor starts by name (claude, gh)", () => {
  it("is never taken from the working directory, whatever relative entries PATH holds", async () => {
    const host = createLocalProcessHost();
    const cwd = mkdtempSync(path.join(tmpdir(), "arbor-cwd-"));
    plant(cwd, "gh");
    plant(path.join(cwd, "node_modules", ".bin"), "gh");
    try {
      const failure = await new Promise<{ code: string | null; message: string }>((resolve, reject) =>
        host.spawn(
          { bin: "gh", args: [], cwd, env: { PATH: ".::node_modules/.bin" }, stdin: "", pipeGraceMs: 1000 },
          {
            onStart: () => reject(new Error("a program named gh was started")),
            onSpawnError: resolve,
            onStdout: () => {},
            onStderr: () => {},
            onStdinError: () => {},
            onExit: () => {},
            onClose: () => {},
          },
        ),
      );
      expect(failure.code).toBe("ENOENT");
      expect(failure.message).toMatch(/only absolute PATH entries are searched/);
      expect(readdirSync(markers)).toEqual([]);
    } finally {
      await host.close();
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
