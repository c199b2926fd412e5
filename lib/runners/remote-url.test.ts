import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeRemoteUrl } from "./remote-url.ts";

describe("normalizeRemoteUrl", () => {
  it("spells one hosted repository one way whatever the suffix, slash or host case", () => {
    const spellings = [
      "https://GitHub.com/acme/app.git",
      "https://github.com/acme/app",
      "https://github.com/acme/app/",
      " https://github.com/acme/app.git/ ",
    ];
    expect(new Set(spellings.map(normalizeRemoteUrl))).toEqual(new Set(["https://github.com/acme/app"]));
  });

  it("reads scp-like SSH addresses as ssh:// ones and keeps the user", () => {
    expect(normalizeRemoteUrl("git@GitHub.com:acme/app.git")).toBe("ssh://git@github.com/acme/app");
    expect(normalizeRemoteUrl("ssh://git@github.com/acme/app")).toBe("ssh://git@github.com/acme/app");
  });

  it("keeps different repositories apart", () => {
    expect(normalizeRemoteUrl("https://github.com/acme/app")).not.toBe(
      normalizeRemoteUrl("https://github.com/acme/ap"),
    );
    expect(normalizeRemoteUrl("https://github.com/acme/app")).not.toBe(
      normalizeRemoteUrl("ssh://git@github.com/acme/app"),
    );
  });

  it("makes a local path, a file:// URL and a symlink to the folder one place", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "arbor-remote-url-"));
    const bare = path.join(root, "remote.git");
    mkdirSync(bare);
    symlinkSync(bare, path.join(root, "link.git"));
    const spellings = [
      bare,
      `${bare}/`,
      `file://${bare}`,
      path.join(root, "link.git"),
      path.join(root, "x", "..", "remote.git"),
    ];
    const expected = normalizeRemoteUrl(bare);
    expect(spellings.map(normalizeRemoteUrl)).toEqual(spellings.map(() => expected));
  });
});
