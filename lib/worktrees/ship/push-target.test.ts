import { describe, expect, it } from "vitest";
import type { PushConfig } from "./push-config.ts";
import { explainUpstreamMismatch, planPushTarget } from "./push-target.ts";

const config = (overrides: Partial<PushConfig>): PushConfig => ({
  remoteUrls: new Map([
    ["origin", "https://github.com/o/r.git"],
    ["fork", "https://github.com/me/r.git"],
  ]),
  branchPushRemote: null,
  pushDefaultRemote: null,
  branchRemote: null,
  branchMerge: null,
  pushDefault: null,
  ...overrides,
});

describe("planPushTarget", () => {
  it("sets the upstream only for a branch that has none", () => {
    expect(planPushTarget({ branch: "c6", config: config({}) })).toEqual({
      remote: "origin",
      remoteBranch: "c6",
      setsUpstream: true,
      mismatch: null,
    });
    expect(
      planPushTarget({ branch: "c6", config: config({ branchRemote: "origin", branchMerge: "refs/heads/c6" }) }),
    ).toEqual({ remote: "origin", remoteBranch: "c6", setsUpstream: false, mismatch: null });
  });

  it("goes where git goes: pushRemote, then pushDefault, before the upstream's remote (which it leaves alone)", () => {
    const tracked = { branchRemote: "origin", branchMerge: "refs/heads/main" };
    expect(planPushTarget({ branch: "c6", config: config({ ...tracked, branchPushRemote: "fork" }) })).toEqual({
      remote: "fork",
      remoteBranch: "c6",
      setsUpstream: false,
      mismatch: null,
    });
    expect(planPushTarget({ branch: "c6", config: config({ ...tracked, pushDefaultRemote: "fork" }) })).toMatchObject({
      remote: "fork",
      remoteBranch: "c6",
      setsUpstream: false,
    });
    // A branch tracking a local branch (`.`) is pushed under its own name, its upstream kept.
    expect(
      planPushTarget({ branch: "c6", config: config({ branchRemote: ".", branchMerge: "refs/heads/main" }) }),
    ).toMatchObject({ remote: "origin", remoteBranch: "c6", setsUpstream: false, mismatch: null });
  });

  it("does not push a branch that tracks another name on that remote, unless push.default says which", () => {
    const tracked = { branchRemote: "origin", branchMerge: "refs/heads/release-fix" };
    expect(planPushTarget({ branch: "c6", config: config(tracked) })).toMatchObject({
      remote: "origin",
      mismatch: { remote: "origin", branch: "c6", upstreamBranch: "release-fix" },
    });
    expect(planPushTarget({ branch: "c6", config: config({ ...tracked, pushDefault: "simple" }) }).mismatch).not.toBe(
      null,
    );
    for (const pushDefault of ["upstream", "tracking"])
      expect(planPushTarget({ branch: "c6", config: config({ ...tracked, pushDefault }) })).toEqual({
        remote: "origin",
        remoteBranch: "release-fix",
        setsUpstream: false,
        mismatch: null,
      });
    expect(planPushTarget({ branch: "c6", config: config({ ...tracked, pushDefault: "current" }) })).toEqual({
      remote: "origin",
      remoteBranch: "c6",
      setsUpstream: false,
      mismatch: null,
    });
  });
});

describe("push.default upstream with pushes going to another remote", () => {
  it("is refused as git refuses it, naming both remotes, with the command for either way", () => {
    const triangular = { branchRemote: "origin", branchMerge: "refs/heads/main", branchPushRemote: "fork" };
    for (const pushDefault of ["upstream", "tracking"]) {
      const target = planPushTarget({ branch: "c6", config: config({ ...triangular, pushDefault }) });
      expect(target.mismatch).toEqual({
        remote: "fork",
        branch: "c6",
        upstreamBranch: "main",
        upstreamRemote: "origin",
      });
      const error = explainUpstreamMismatch(target.mismatch!);
      expect(error.code).toBe("conflict");
      expect(error.message).toContain("only back to the branch it tracks, origin/main, but its pushes go to fork");
      expect(error.message).toContain("`git push fork c6`");
      expect(error.message).toContain("`git push origin HEAD:main`");
      expect(error.details).toMatchObject({ reason: "upstream_elsewhere" });
    }
    // simple and current push the same name to the other remote, as git does.
    for (const pushDefault of ["simple", "current", null])
      expect(planPushTarget({ branch: "c6", config: config({ ...triangular, pushDefault }) })).toEqual({
        remote: "fork",
        remoteBranch: "c6",
        setsUpstream: false,
        mismatch: null,
      });
  });
});

describe("explainUpstreamMismatch", () => {
  it("names both branches and gives the command for either way", () => {
    const error = explainUpstreamMismatch({ remote: "origin", branch: "c6", upstreamBranch: "release-fix" });
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("c6 tracks origin/release-fix");
    expect(error.message).toContain("`git push origin HEAD:release-fix`");
    expect(error.message).toContain("`git push -u origin c6`");
    expect(error.message).toContain("`git config push.default upstream`");
    expect(explainUpstreamMismatch({ remote: "origin", branch: "it's$x", upstreamBranch: "main" }).message).toContain(
      "`git push -u origin 'it'\\''s$x'`",
    );
  });
});
