import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

let arbor: RunningArbor;
let repo: PinnedRepo;

beforeAll(async () => {
  arbor = await startArbor();
  repo = await createPinnedRepo(() => arbor);
});

afterAll(async () => {
  await arbor.stop();
  removeDataDir(arbor.dataDir);
  await repo.remove();
});

describe("checks when Arbor stops", () => {
  it("a check running when the server is killed is killed with it, and reads back cancelled after a restart", async () => {
    await trustRepo(arbor, repo.repoId);
    const saved = await callApi(arbor, `/api/repos/${repo.repoId}/settings`, {
      method: "PUT",
      body: { checks: [{ name: "slow", command: "sleep 300" }] },
    });
    expect(saved.status).toBe(200);
    const worktreePath = await repo.addWorktree("killed");
    const started = await callApi<WorktreeChecksView & ErrorBody>(arbor, "/api/worktrees/checks", {
      body: { repoId: repo.repoId, worktreePath },
    });
    expect(started.body.checks[0]?.status).toBe("running");
    await arbor.kill9();

    arbor = await startArbor({ dataDir: arbor.dataDir });
    const query = new URLSearchParams({ repoId: repo.repoId, worktreePath });
    const read = await callApi<WorktreeChecksView>(arbor, `/api/worktrees/checks?${query}`);
    expect(read.body).toMatchObject({
      status: "cancelled",
      checks: [
        { id: started.body.checks[0]!.id, status: "cancelled", message: expect.stringMatching(/Arbor stopped/) },
      ],
    });
    // The process host killed the check's process group when the server died (by now, a restart later).
    expect(findProcessesInDir(worktreePath)).toEqual([]);
  });
});
