import { describe, expect, it } from "vitest";
import { parsePushConfig } from "./push-config.ts";

const record = (key: string, value: string) => `${key}\n${value}\0`;

describe("parsePushConfig", () => {
  it("reads the remotes, the branch's push settings and upstream, the last value of a key winning", () => {
    const output = [
      record("remote.origin.url", "https://github.com/o/r.git"),
      record("remote.my.fork.url", "git@github.com:me/r.git"),
      record("remote.-x.url", "/tmp/x"),
      record("remote.pushdefault", "origin"),
      record("remote.pushdefault", "my.fork"),
      record("push.default", "Upstream"),
      record("branch.c6.remote", "origin"),
      record("branch.c6.merge", "refs/heads/release-fix"),
      record("branch.c6.pushremote", "origin"),
      record("branch.c6.x.remote", "elsewhere"),
      record("branch.other.merge", "refs/heads/other"),
    ].join("");
    expect(parsePushConfig(output, "c6")).toEqual({
      remoteUrls: new Map([
        ["origin", "https://github.com/o/r.git"],
        ["my.fork", "git@github.com:me/r.git"],
      ]),
      branchPushRemote: "origin",
      pushDefaultRemote: "my.fork",
      branchRemote: "origin",
      branchMerge: "refs/heads/release-fix",
      pushDefault: "upstream",
    });
  });

  it("is empty for no config", () => {
    expect(parsePushConfig("", "main")).toMatchObject({ remoteUrls: new Map(), branchRemote: null, pushDefault: null });
  });
});
