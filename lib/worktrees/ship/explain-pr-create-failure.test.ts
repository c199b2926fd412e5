import { describe, expect, it } from "vitest";
import { explainPrCreateFailure } from "./explain-pr-create-failure.ts";

const at = { base: "main", head: "feat/a" };

describe("explainPrCreateFailure", () => {
  it("links the pull request that already exists (409)", () => {
    const error = explainPrCreateFailure({
      ...at,
      stderr: 'a pull request for branch "feat/a" into branch "main" already exists:\nhttps://github.com/o/r/pull/12',
    });
    expect(error.status).toBe(409);
    expect(error.message).toContain(
      "A pull request of feat/a into main already exists: https://github.com/o/r/pull/12.",
    );
    expect(error.details).toEqual({ reason: "pull_request_exists", url: "https://github.com/o/r/pull/12" });
  });

  it("says to commit and push when there is nothing to propose (409)", () => {
    const error = explainPrCreateFailure({
      ...at,
      stderr: "pull request create failed: GraphQL: No commits between main and feat/a (createPullRequest)",
    });
    expect(error.status).toBe(409);
    expect(error.message).toContain("nothing to propose");
    expect(error.message).toContain("Commit your changes in the worktree and push them");
  });

  it("says to push a head GitHub does not have, and names a missing base (412)", () => {
    const head = explainPrCreateFailure({
      ...at,
      stderr:
        "pull request create failed: GraphQL: Head sha can't be blank, Base sha can't be blank, No commits between main and feat/a, Head ref must be a branch (createPullRequest)",
    });
    expect(head.status).toBe(412);
    expect(head.message).toContain("GitHub does not have feat/a (yet): push it");
    const base = explainPrCreateFailure({
      ...at,
      stderr: "pull request create failed: GraphQL: Base ref must be a branch (createPullRequest)",
    });
    expect(base.message).toContain("GitHub has no branch main");
  });

  it("keeps gh's own words otherwise", () => {
    const error = explainPrCreateFailure({ ...at, stderr: "HTTP 502: Bad gateway" });
    expect(error.status).toBe(503);
    expect(error.message).toContain("gh pr create failed: HTTP 502: Bad gateway");
  });
});
