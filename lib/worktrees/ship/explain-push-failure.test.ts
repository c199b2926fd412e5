import { describe, expect, it } from "vitest";
import { explainPushFailure } from "./explain-push-failure.ts";

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

  it("keeps ssh's own reason, with one period, when git only adds that it could not read from the remote", () => {
    const error = explainPushFailure({
      ...at,
      stderr:
        "git@github.com: Permission denied (publickey).\r\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n",
    });
    expect(error.code).toBe("unavailable");
    expect(error.message).toContain(
      "The remote origin cannot be reached: git@github.com: Permission denied (publickey). ssh refused your key",
    );
    expect(error.message).toContain("`ssh-add -l`");
    expect(error.message).not.toContain("..");
    const refused = explainPushFailure({
      ...at,
      stderr:
        "ssh: connect to host 127.0.0.1 port 1: Connection refused\nfatal: Could not read from remote repository.\n",
    });
    expect(refused.message).toContain(
      "cannot be reached: ssh: connect to host 127.0.0.1 port 1: Connection refused. Check its URL",
    );
    expect(explainPushFailure({ ...at, stderr: "fatal: Could not read from remote repository.\n" }).message).toContain(
      "cannot be reached: Could not read from remote repository. Check its URL",
    );
  });

  it("says how to log in when https credentials are refused or missing", () => {
    for (const stderr of [
      "remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/o/r.git/'\n",
      "fatal: could not read Username for 'https://github.com': terminal prompts disabled\n",
      "remote: Permission to o/r.git denied to someone.\nfatal: unable to access 'https://github.com/o/r.git/': The requested URL returned error: 403\n",
    ]) {
      const error = explainPushFailure({ ...at, stderr });
      expect(error.code).toBe("forbidden");
      expect(error.details).toMatchObject({ reason: "authentication" });
      expect(error.message).toContain("origin did not accept the push of feat/a without valid credentials");
      expect(error.message).toContain("credential helper");
      expect(error.message).toContain("push rights");
    }
    expect(
      explainPushFailure({ ...at, stderr: "fatal: Authentication failed for 'https://u:s3cret@github.com/o/r.git/'\n" })
        .message,
    ).toContain("Authentication failed for 'https://github.com/o/r.git/'.");
  });
});
