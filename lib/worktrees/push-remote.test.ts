import { describe, expect, it } from "vitest";
import { buildPushArgs, chooseRemote, explainPushFailure } from "./push-remote.ts";

describe("chooseRemote", () => {
  it("prefers the branch's own remote, then origin, then the only remote", () => {
    expect(chooseRemote({ configured: "fork", remotes: ["origin", "fork"] })).toBe("fork");
    expect(chooseRemote({ configured: null, remotes: ["upstream", "origin"] })).toBe("origin");
    expect(chooseRemote({ configured: "gone", remotes: ["origin"] })).toBe("origin");
    expect(chooseRemote({ configured: null, remotes: ["gitlab"] })).toBe("gitlab");
  });

  it("says how to add a remote when there is none, and how to choose among several", () => {
    expect(() => chooseRemote({ configured: null, remotes: [] })).toThrow("git remote add origin <url>");
    expect(() => chooseRemote({ configured: null, remotes: ["a", "b"] })).toThrow("several remotes (a, b)");
  });
});

describe("buildPushArgs", () => {
  it("pushes the branch to the same name with upstream, as a full refspec", () => {
    expect(buildPushArgs({ remote: "origin", branch: "feat/ü x" })).toEqual([
      "push",
      "--porcelain",
      "-u",
      "origin",
      "refs/heads/feat/ü x:refs/heads/feat/ü x",
    ]);
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
