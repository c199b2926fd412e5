import { describe, expect, it } from "vitest";
import type { GitConfigEntry } from "@/lib/git/safety/parse-config-list.ts";
import { classifyRemoteUrl, NEUTRAL_LOCAL_RECEIVE_PACK, planUntrustedPush } from "./push-safety.ts";

const local = (key: string, value: string): GitConfigEntry => ({
  scope: "local",
  originFile: ".git/config",
  key,
  value,
});

describe("classifyRemoteUrl", () => {
  it("reads URLs the way git does", () => {
    expect(classifyRemoteUrl("https://github.com/o/r.git")).toBe("network");
    expect(classifyRemoteUrl("ssh://git@host:22/o/r.git")).toBe("network");
    expect(classifyRemoteUrl("git@github.com:o/r.git")).toBe("network");
    expect(classifyRemoteUrl("host:path/with/slash")).toBe("network");
    expect(classifyRemoteUrl("/srv/git/r.git")).toBe("local");
    expect(classifyRemoteUrl("../r.git")).toBe("local");
    expect(classifyRemoteUrl("./dir:with-colon")).toBe("local");
    expect(classifyRemoteUrl("file:///srv/git/r.git")).toBe("local");
    expect(classifyRemoteUrl("ext::sh -c evil %S")).toBe("program");
    expect(classifyRemoteUrl("fd::3")).toBe("program");
    expect(classifyRemoteUrl("git://host/r.git")).toBe("program");
    expect(classifyRemoteUrl("hg::https://host/r")).toBe("program");
  });
});

describe("planUntrustedPush", () => {
  it("allows only https, http, ssh and folders, a folder through a receive-pack with its hooks off", () => {
    const plan = planUntrustedPush({ remote: "origin", url: "/srv/git/r.git", repositoryEntries: [] });
    expect(plan.pushOptions).toEqual([`--receive-pack=${NEUTRAL_LOCAL_RECEIVE_PACK}`]);
    expect(plan.config).toContain("protocol.allow=never");
    expect(NEUTRAL_LOCAL_RECEIVE_PACK).toContain("-c core.hooksPath=/dev/null");
    expect(
      planUntrustedPush({ remote: "origin", url: "git@github.com:o/r.git", repositoryEntries: [] }).pushOptions,
    ).toEqual([]);
  });

  it("refuses a program transport, and the repository's own proxy, certificates or remote helper, naming them", () => {
    expect(() => planUntrustedPush({ remote: "x", url: "ext::evil %S", repositoryEntries: [] })).toThrow(
      "Arbor did not push: x's push URL (ext::evil %S) goes through a program git would start, not https, ssh or a folder.",
    );
    expect(() =>
      planUntrustedPush({
        remote: "origin",
        url: "https://github.com/o/r.git",
        repositoryEntries: [
          local("http.https://github.com.sslcainfo", "/tmp/ca.pem"),
          local("remote.origin.vcs", "evil"),
          local("http.postbuffer", "524288000"),
        ],
      }),
    ).toThrow(
      "the repository's own config sets http.https://github.com.sslcainfo, remote.origin.vcs, which would choose a program, proxy or certificate for the push",
    );
    // Settings that choose nothing of the kind do not stop a push.
    expect(() =>
      planUntrustedPush({
        remote: "origin",
        url: "https://github.com/o/r.git",
        repositoryEntries: [local("http.postbuffer", "524288000"), local("remote.upstream.vcs", "x")],
      }),
    ).not.toThrow();
  });

  it("names the push URL without its credentials", () => {
    const refuse = (url: string) => () => planUntrustedPush({ remote: "origin", url, repositoryEntries: [] });
    expect(refuse("persistent-https://user:s3cret-token@example.com/o/r.git")).toThrow(
      "origin's push URL (persistent-https://example.com/o/r.git) goes through a program",
    );
    expect(refuse("hg::https://s3cret-token@example.com/r")).toThrow("(hg::https://example.com/r)");
    for (const url of ["persistent-https://user:s3cret-token@example.com/o/r.git", "hg::https://s3cret-token@x/r"])
      expect(refuse(url)).not.toThrow("s3cret-token");
  });
});
