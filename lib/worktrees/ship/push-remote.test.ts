import { describe, expect, it } from "vitest";
import { buildPushArgs, chooseRemote } from "./push-remote.ts";

describe("chooseRemote", () => {
  const branch = "feat/a";

  it("prefers the branch's own remote, then origin, then the only remote", () => {
    expect(chooseRemote({ branch, branchRemote: "fork", remotes: ["origin", "fork"] })).toBe("fork");
    expect(chooseRemote({ branch, branchRemote: null, remotes: ["upstream", "origin"] })).toBe("origin");
    expect(chooseRemote({ branch, branchRemote: "gone", remotes: ["origin"] })).toBe("origin");
    expect(chooseRemote({ branch, branchRemote: ".", remotes: ["origin"] })).toBe("origin");
    expect(chooseRemote({ branch, branchRemote: null, remotes: ["gitlab"] })).toBe("gitlab");
  });

  it("as git: branch.<b>.pushRemote first, then remote.pushDefault, before the branch's own remote", () => {
    const remotes = ["origin", "fork", "mirror"];
    expect(
      chooseRemote({ branch, branchPushRemote: "fork", pushDefaultRemote: "mirror", branchRemote: "origin", remotes }),
    ).toBe("fork");
    expect(chooseRemote({ branch, pushDefaultRemote: "mirror", branchRemote: "origin", remotes })).toBe("mirror");
    expect(chooseRemote({ branch, branchPushRemote: null, pushDefaultRemote: null, branchRemote: null, remotes })).toBe(
      "origin",
    );
  });

  it("refuses a pushRemote or pushDefault that names no remote, rather than pushing elsewhere", () => {
    expect(() =>
      chooseRemote({ branch, branchPushRemote: "gone", branchRemote: "origin", remotes: ["origin"] }),
    ).toThrow(
      'git\'s config sets branch.feat/a.pushRemote to "gone", which is not a remote of this repository (origin)',
    );
    expect(() => chooseRemote({ branch, pushDefaultRemote: "gone", branchRemote: null, remotes: ["origin"] })).toThrow(
      "`git config remote.pushDefault <remote>`",
    );
  });

  it("says how to add a remote when there is none, and how to choose among several", () => {
    expect(() => chooseRemote({ branch, branchRemote: null, remotes: [] })).toThrow("git remote add origin <url>");
    expect(() => chooseRemote({ branch, branchRemote: null, remotes: ["a", "b"] })).toThrow("several remotes (a, b)");
  });
});

describe("buildPushArgs", () => {
  it("pushes the branch as a full refspec, setting the upstream only when asked", () => {
    expect(
      buildPushArgs({ remote: "origin", branch: "feat/ü x", remoteBranch: "feat/ü x", setsUpstream: true }),
    ).toEqual(["push", "--porcelain", "-u", "origin", "refs/heads/feat/ü x:refs/heads/feat/ü x"]);
    expect(buildPushArgs({ remote: "origin", branch: "c6", remoteBranch: "release-fix", setsUpstream: false })).toEqual(
      ["push", "--porcelain", "origin", "refs/heads/c6:refs/heads/release-fix"],
    );
  });
});
