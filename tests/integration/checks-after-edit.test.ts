// Checks run by themselves when the user edits a worktree outside Claude (a terminal, an editor),
// seen by the worktree's file watcher, once the worktree has been quiet: one run for a burst of
// saves, not one per save. Real git, real check commands, a real Arbor server.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

const shared = useArborWithRepo();
let ws: Awaited<ReturnType<typeof connectRepoWs>>;

beforeAll(async () => {
  ws = await connectRepoWs(shared.env.arbor, shared.repo.repoId);
  await trustRepo(shared.env.arbor, shared.repo.repoId);
  return () => ws.close();
});

/** The next message after `after` (from the start when null) that matches. */
function nextMessage(after: ServerMessage | null, predicate: (message: ServerMessage) => boolean) {
  const from = after ? ws.messages.indexOf(after) : -1;
  return ws.waitFor((message) => ws.messages.indexOf(message) > from && predicate(message));
}

/** The watcher's "worktree changed" for this worktree: each burst of writes it saw sends one. */
const changedIn = (worktreePath: string) => (message: ServerMessage) =>
  message.type === "invalidate" &&
  message.queryKey[0] === "changes" &&
  message.queryKey[1] === shared.repo.repoId &&
  message.queryKey[2] === worktreePath;

const checkRunsIn = (worktreePath: string, status: CheckRunView["status"]) =>
  ws.messages.filter(
    (message) => message.type === "check_run" && message.worktreePath === worktreePath && message.run.status === status,
  );

describe("checks after edits outside Claude", () => {
  it("run once after a burst of saves has gone quiet, on the files as they are after the last one", async () => {
    const marker = path.join(shared.repo.root, "edit-runs.log");
    const saved = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/settings`, {
      method: "PUT",
      body: { checks: [{ name: "unit", command: `echo ran >> '${marker}'; test ! -f bad.txt` }] },
    });
    expect(saved.status).toBe(200);
    const worktreePath = await shared.repo.addWorktree("edited");
    // As the chat does while the worktree is open; the watch is ready once it reports the worktree once.
    ws.send({ type: "watch_worktree", repoId: shared.repo.repoId, worktreePath });
    let seen = await nextMessage(null, changedIn(worktreePath));

    // Three saves, each seen by the watcher on its own (it sends "changed" after 200 ms of quiet),
    // all well within the checks' quiet period.
    for (const [file, text] of [
      ["notes.txt", "one\n"],
      ["bad.txt", "two\n"],
      ["notes.txt", "three\n"],
    ] as const) {
      writeFileSync(path.join(worktreePath, file), text);
      seen = await nextMessage(seen, changedIn(worktreePath));
    }
    const ended = (await nextMessage(
      seen,
      (message) =>
        message.type === "check_run" &&
        message.worktreePath === worktreePath &&
        message.run.status !== "running" &&
        message.run.status !== "cancelled",
    )) as { run: CheckRunView };
    expect(ended.run).toMatchObject({ status: "failed", exitCode: 1, dirty: true });
    // One batch for the three saves: one start, one result, one line in the command's log.
    expect(checkRunsIn(worktreePath, "running")).toHaveLength(1);
    expect(checkRunsIn(worktreePath, "cancelled")).toEqual([]);
    expect(readFileSync(marker, "utf8")).toBe("ran\n");
    const tested = await runFixtureGit({ cwd: worktreePath, args: ["cat-file", "-p", `${ended.run.tree}:notes.txt`] });
    expect(tested).toBe("three\n");
    const query = new URLSearchParams({ repoId: shared.repo.repoId, worktreePath });
    const read = await callApi<WorktreeChecksView>(shared.env.arbor, `/api/worktrees/checks?${query}`);
    expect(read.body).toMatchObject({ status: "failed", checks: [{ id: ended.run.id }] });
    ws.send({ type: "unwatch_worktree", repoId: shared.repo.repoId, worktreePath });
  });
});
