import { describe, expect, it } from "vitest";
import { findPullRequestBlocker } from "./pull-request-blocker.ts";

describe("findPullRequestBlocker", () => {
  it("refuses a branch that is the base (409), also when it is pushed to the base's name", () => {
    const onMain = findPullRequestBlocker({ branch: "main", head: "main", base: "main", isBaseKnown: true });
    expect(onMain?.status).toBe(409);
    expect(onMain?.message).toContain("This worktree's branch main is the base main itself");
    expect(onMain?.message).toContain("`git switch -c <name>`");
    expect(findPullRequestBlocker({ branch: "c6", head: "main", base: "main", isBaseKnown: true })?.message).toContain(
      "c6 (pushed to main) is the base main itself",
    );
  });

  it("says the base does not exist (412)", () => {
    const missing = findPullRequestBlocker({ branch: "feat/a", head: "feat/a", base: "mian", isBaseKnown: false });
    expect(missing?.status).toBe(412);
    expect(missing?.message).toContain("The base branch mian does not exist in this repository");
  });

  it("is null when a pull request can be opened", () => {
    expect(findPullRequestBlocker({ branch: "feat/a", head: "feat/a", base: "main", isBaseKnown: true })).toBeNull();
  });

  it("says what Push would say when the branch tracks another name on its remote", () => {
    const blocker = findPullRequestBlocker({
      branch: "c6",
      head: "c6",
      base: "main",
      isBaseKnown: true,
      mismatch: { remote: "origin", branch: "c6", upstreamBranch: "release-fix" },
    });
    expect(blocker?.details).toMatchObject({ reason: "upstream_mismatch" });
    expect(blocker?.message).toContain("release-fix");
  });
});
