import { describe, expect, it } from "vitest";
import { buildPushArgs, chooseRemote, explainPushFailure } from "./push-remote.ts";

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

describe("explainPushFailure", () => {
  const at = { remote: "origin", branch: "feat/a" };

  it("names the pull --rebase command for a non-fast-forward", () => {
    const error = explainPushFailure({
      ...at,
      stderr: "error: failed to push some refs to '/tmp/o.git'\nhint: Updates were rejected because the tip…",
      stdout: "To /tmp/o.git\n!\trefs/heads/feat/a:refs/heads/feat/a\t[rejected] (non-fast-forward)\nDone\n",
    });
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("`git pull --rebase origin feat/a`");
  });

  it("shows the remote's own words when a hook refuses", () => {
    const error = explainPushFailure({
      ...at,
      stderr: "remote: feat/a is protected: open a pull request\nerror: failed to push some refs",
      stdout: "!\trefs/heads/feat/a:refs/heads/feat/a\t[remote rejected] (pre-receive hook declined)\n",
    });
    expect(error.code).toBe("forbidden");
    expect(error.message).toContain("feat/a is protected: open a pull request");
  });

  it("says to check the URL when the remote cannot be reached, and falls back to git's line", () => {
    const missing = explainPushFailure({
      ...at,
      stderr:
        "fatal: '/nowhere.git' does not appear to be a git repository\nfatal: Could not read from remote repository.\n",
    });
    expect(missing.code).toBe("unavailable");
    expect(missing.message).toContain("'/nowhere.git' does not appear to be a git repository");
    expect(missing.message).toContain("git remote -v");
    const other = explainPushFailure({ ...at, stderr: "error: something odd\n" });
    expect(other.code).toBe("git_failed");
    expect(other.message).toContain("something odd");
  });

  it("never repeats the credentials of a URL git quotes", () => {
    const error = explainPushFailure({
      ...at,
      stderr:
        "fatal: unable to access 'https://user:s3cret-token@example.com/o/r.git/': Could not resolve host: example.com\n",
    });
    expect(error.message).toContain("unable to access 'https://example.com/o/r.git/'");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain("s3cret-token");
  });
});
