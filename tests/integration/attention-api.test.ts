import { describe, expect, it } from "vitest";
import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo();

describe("GET /api/attention", () => {
  it("gives each worktree the state of its newest run: failed, finished and unread, or idle", async () => {
    const failing = await shared.repo.freshSession("failing");
    const recovered = await shared.repo.freshSession("recovered");
    const quiet = await shared.repo.freshSession("quiet");
    await shared.send(failing.sessionId, "[[mock:error 529]]");
    await shared.send(recovered.sessionId, "[[mock:error 529]]");
    await shared.send(recovered.sessionId, "[[mock:text fine now]]");

    const { status, body } = await callApi<{ items: AttentionItem[] }>(shared.env.arbor, "/api/attention");
    expect(status).toBe(200);
    const byPath = new Map(body.items.map((item) => [item.worktreePath, item]));
    expect(byPath.get(failing.worktreePath)).toMatchObject({ state: "failed", lastRun: { status: "failed" } });
    expect(byPath.get(failing.worktreePath)?.lastRun?.errorMessage).toContain("529");
    // The newer, successful run decides, not the failure before it.
    expect(byPath.get(recovered.worktreePath)).toMatchObject({
      state: "unread",
      lastRun: { status: "success", errorMessage: null },
    });
    expect(byPath.get(quiet.worktreePath)).toMatchObject({ state: "idle", lastRun: null, costUsd: null });
    // Each row carries what its conversation cost so far: the same sum the repository's cost chart shows for it.
    const costs = await callApi<{ costs: { byWorktree: { worktreePath: string; totalUsd: number }[] } }>(
      shared.env.arbor,
      `/api/repos/${shared.repo.repoId}/costs`,
    );
    const charted = costs.body.costs.byWorktree.find((entry) => entry.worktreePath === recovered.worktreePath);
    expect(charted?.totalUsd).toBeGreaterThan(0);
    expect(byPath.get(recovered.worktreePath)?.costUsd).toBeCloseTo(charted!.totalUsd, 9);
    // Most urgent first.
    const order = body.items.map((item) => item.worktreePath);
    expect(order.indexOf(failing.worktreePath)).toBeLessThan(order.indexOf(recovered.worktreePath));
    expect(order.indexOf(recovered.worktreePath)).toBeLessThan(order.indexOf(quiet.worktreePath));
  });
});
