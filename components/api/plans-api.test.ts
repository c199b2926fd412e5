import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { controlledQuery } from "@/tests/support/controlled-query.ts";
import { invalidateRepoScans } from "./plans-api.ts";

describe("invalidateRepoScans", () => {
  it("lets each scan under way land and follows it with one more, however many changes came", async () => {
    const client = new QueryClient();
    const dashboard = controlledQuery(queryKeys.dashboard("repo-1", null), client);
    const worktrees = controlledQuery(queryKeys.worktrees("repo-1"), client);
    await dashboard.settled();
    dashboard.answers[0]!(1);
    worktrees.answers[0]!(1);
    await dashboard.settled();
    invalidateRepoScans(client, "repo-1");
    await dashboard.settled();
    expect([dashboard.started(), worktrees.started()]).toEqual([2, 2]);
    // A burst while both scans run: neither is given up on.
    invalidateRepoScans(client, "repo-1");
    invalidateRepoScans(client, "repo-1");
    await dashboard.settled();
    expect([...dashboard.aborted, ...worktrees.aborted]).toEqual([false, false, false, false]);
    dashboard.answers[1]!(2);
    worktrees.answers[1]!(2);
    await dashboard.settled();
    expect([dashboard.seen, worktrees.seen]).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect([dashboard.started(), worktrees.started()]).toEqual([3, 3]);
    dashboard.unsubscribe();
    worktrees.unsubscribe();
  });
});
