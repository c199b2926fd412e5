import { execFile } from "node:child_process";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { callApi, openSession, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

interface Answer {
  commit?: string;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

const shared = useArborWithRepo();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const land = (worktreePath: string) =>
  callApi<Answer>(shared.env.arbor, "/api/worktrees/land", {
    body: { repoId: shared.repo.repoId, worktreePath, method: "merge" },
  });

describe("a land holds both worktrees until git is done", () => {
  it("refuses a second land into the same base, a removal of the branch's worktree and a run in either, then lets them through", async () => {
    const { mainPath, root, repoId } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.name", "Arbor Test"] });
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.email", "test@arbor.invalid"] });
    const first = await shared.repo.addWorktree("first");
    const second = await shared.repo.addWorktree("second");
    await commit(first, { "first.txt": "1\n" }, "First");
    await commit(second, { "second.txt": "2\n" }, "Second");
    await commit(mainPath, { "main.txt": "m\n" }, "Main moves on");
    // A hook that holds the first land inside `git merge` until the test lets go.
    const started = path.join(root, "hook-started");
    const release = path.join(root, "hook-release");
    await promisify(execFile)("mkfifo", [started, release]);
    const hook = path.join(mainPath, ".git", "hooks", "pre-merge-commit");
    writeFileSync(hook, `#!/bin/sh\necho started > '${started}'\nread line < '${release}'\n`);
    chmodSync(hook, 0o755);
    // Hooks run only in a trusted repository (trusted after the hook is in place: the trust covers it).
    await trustRepo(shared.env.arbor, repoId);
    const mainSession = await openSession(shared.env.arbor, { repoId, worktreePath: mainPath });

    const firstLand = land(first);
    // Opening the FIFO waits for the hook to write to it: the first land is now inside `git merge`.
    await Promise.race([
      readFile(started, "utf8"),
      firstLand.then((answer) => {
        throw new Error(`the first land ended before its hook ran: ${JSON.stringify(answer)}`);
      }),
    ]);
    const secondLand = await land(second);
    expect(secondLand.status).toBe(409);
    // Its check finds main mid-merge: it names the land under way, not the merge's half-made changes.
    expect(secondLand.body.error?.message).toMatch(
      /^feat\/second-\d+ was not landed: Arbor is landing feat\/first-\d+ into main in the main worktree right now; wait until it is done\.$/,
    );
    const removal = await callApi<Answer>(shared.env.arbor, "/api/worktrees/remove", {
      body: { repoId, worktreePath: first },
    });
    expect(removal.status).toBe(409);
    expect(removal.body.error?.message).toContain(
      "Arbor is landing feat/first-1 into main in it right now; wait until it is done.",
    );
    const send = await callApi<Answer>(shared.env.arbor, "/api/chat/send", {
      body: { sessionId: mainSession, userMessage: "Tidy the README" },
    });
    expect(send.status).toBe(409);
    expect(send.body.error?.message).toContain("Arbor is landing a branch in this worktree");
    expect(shared.env.mock.requests).toHaveLength(0);

    await writeFile(release, "go\n");
    const landed = await firstLand;
    expect(landed.status).toBe(200);
    expect(readFileSync(path.join(mainPath, "first.txt"), "utf8")).toBe("1\n");
    rmSync(hook);
    const after = await land(second);
    expect(after.status).toBe(200);
    expect((await runFixtureGit({ cwd: mainPath, args: ["log", "-1", "--format=%s"] })).trim()).toMatch(
      /^Merge branch 'feat\/second-\d+' into main$/,
    );
    expect(await runFixtureGit({ cwd: mainPath, args: ["status", "--porcelain"] })).toBe("");
    // The message sent while the land held the worktree is kept.
    const messages = await callApi<{ messages: Array<{ role: string; content: string }> }>(
      shared.env.arbor,
      `/api/chat/messages?sessionId=${mainSession}`,
    );
    expect(messages.body.messages.map((message) => message.content)).toContain("Tidy the README");
  });
});
