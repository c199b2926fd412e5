import { describe, expect, it } from "vitest";
import { redactCredentialsInText, redactUrlCredentials } from "./redact-url.ts";

describe("redactUrlCredentials", () => {
  it.each([
    ["https://user:TOKEN@github.com/o/r.git", "https://github.com/o/r.git"],
    ["https://TOKEN@github.com/o/r.git", "https://github.com/o/r.git"],
    ["https://x-access-token:TOKEN@github.com:443/o/r", "https://github.com:443/o/r"],
    ["HTTP://user:TOKEN@host", "HTTP://host"],
    ["persistent-https://user:token@example.com/r.git", "persistent-https://example.com/r.git"],
    ["hg::https://user:TOKEN@host/r", "hg::https://host/r"],
    ["ftp://user:TOKEN@host/r.git", "ftp://host/r.git"],
    // A password holding the characters that end a host elsewhere: git reads up to the last @ before the first /.
    ["https://user:p@ss:w?o#rd@host/r.git", "https://host/r.git"],
    ["ssh://git@host:22/o/r.git", "ssh://git@host:22/o/r.git"],
    ["ssh://git:TOKEN@host/o/r.git", "ssh://git@host/o/r.git"],
    ["git+ssh://me:TOKEN@host/r", "git+ssh://me@host/r"],
    ["git@github.com:o/r.git", "git@github.com:o/r.git"],
    ["me:TOKEN@host:o/r.git", "me@host:o/r.git"],
    ["host:o/r.git", "host:o/r.git"],
    ["/srv/git/a@b/r.git", "/srv/git/a@b/r.git"],
    ["../r.git", "../r.git"],
    ["https://github.com/o/a@b.git", "https://github.com/o/a@b.git"],
  ])("%s → %s", (url, redacted) => {
    expect(redactUrlCredentials(url)).toBe(redacted);
    expect(redactUrlCredentials(url)).not.toMatch(/TOKEN|token@|p@ss/);
  });
});

describe("redactCredentialsInText", () => {
  it("removes the credentials of every URL in git's output, and leaves the rest", () => {
    const text =
      "To https://u:TOKEN@github.com/o/r.git\nfatal: unable to access 'https://u:TOKEN@host/r.git/': 403\nfatal: 'ssh://git:TOKEN@h/r' x";
    expect(redactCredentialsInText(text)).toBe(
      "To https://github.com/o/r.git\nfatal: unable to access 'https://host/r.git/': 403\nfatal: 'ssh://git@h/r' x",
    );
    expect(redactCredentialsInText("Authentication failed for 'https://TOKEN@host'")).toBe(
      "Authentication failed for 'https://host'",
    );
    expect(redactCredentialsInText("git@github.com: Permission denied (publickey).")).toBe(
      "git@github.com: Permission denied (publickey).",
    );
  });
});
