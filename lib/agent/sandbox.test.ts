import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import { parseSandboxDomains, readStoredDomains, sandboxSettingsJson } from "./sandbox-settings.ts";
import { sandboxProblem } from "./sandbox-support.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "arbor-sandbox-path-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A real folder holding executable files with these names. */
function folderWith(name: string, programs: string[]): string {
  const folder = path.join(root, name);
  mkdirSync(folder, { recursive: true });
  for (const program of programs) {
    writeFileSync(path.join(folder, program), "#!/bin/sh\n");
    chmodSync(path.join(folder, program), 0o755);
  }
  return folder;
}

describe("sandboxProblem", () => {
  it("finds bubblewrap and socat in any folder of the PATH", () => {
    const pathValue = [folderWith("a", ["bwrap"]), folderWith("b", ["socat"])].join(path.delimiter);
    expect(sandboxProblem({ platform: "linux", pathValue })).toBeNull();
  });

  it("names what is missing on Linux and how to install it", () => {
    const problem = sandboxProblem({ platform: "linux", pathValue: folderWith("c", ["bwrap"]) });
    expect(problem).toContain("socat cannot be found");
    expect(problem).not.toContain("bwrap and");
    expect(problem).toContain("sudo apt-get install bubblewrap socat");
    expect(sandboxProblem({ platform: "linux", pathValue: "" })).toContain("bwrap and socat cannot be found");
  });

  it("does not count a file that is not executable", () => {
    const folder = folderWith("d", []);
    writeFileSync(path.join(folder, "bwrap"), "");
    writeFileSync(path.join(folder, "socat"), "");
    expect(sandboxProblem({ platform: "linux", pathValue: folder })).toContain("bwrap and socat");
  });

  it("needs nothing on macOS and refuses other systems", () => {
    expect(sandboxProblem({ platform: "darwin", pathValue: "" })).toBeNull();
    expect(sandboxProblem({ platform: "win32", pathValue: "" })).toContain("not on this system");
  });
});

describe("parseSandboxDomains", () => {
  it("reads a typed list, lower-cased and without duplicates", () => {
    expect(parseSandboxDomains(" registry.npmjs.org, *.GitHub.com\nregistry.npmjs.org ")).toEqual([
      "registry.npmjs.org",
      "*.github.com",
    ]);
    expect(parseSandboxDomains(["pypi.org"])).toEqual(["pypi.org"]);
    expect(parseSandboxDomains(undefined)).toEqual([]);
    expect(parseSandboxDomains("")).toEqual([]);
  });

  it.each(["https://github.com", "github.com:443", "github.com/path", "*", "a..b", "-x.com", "*.*.com"])(
    "refuses %s, saying what a domain looks like",
    (entry) => {
      let caught: unknown;
      try {
        parseSandboxDomains(entry);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code).toBe("invalid_input");
      expect((caught as Error).message).toContain("registry.npmjs.org or *.github.com");
    },
  );

  it("refuses more domains than the sandbox takes", () => {
    const many = Array.from({ length: 51 }, (_unused, index) => `host${index}.example.com`);
    expect(parseSandboxDomains(many.slice(0, 50))).toHaveLength(50);
    expect(() => parseSandboxDomains(many)).toThrow("51 allowed domains is more than the 50 the sandbox takes here");
  });

  it("refuses something that is not a list", () => {
    expect(() => parseSandboxDomains({ domain: "x.com" })).toThrow("must be a list of host names");
  });
});

describe("the stored form", () => {
  it("reads back a list, and nothing from a row that does not hold one", () => {
    expect(readStoredDomains(null)).toBeNull();
    expect(readStoredDomains('["pypi.org"]')).toEqual(["pypi.org"]);
    expect(readStoredDomains("{not json")).toEqual([]);
  });

  it("turns the sandbox on, hard, with Bash allowed inside it and the network limited", () => {
    expect(sandboxSettingsJson({ allowedDomains: ["pypi.org"] })).toEqual({
      enabled: true,
      autoAllowBashIfSandboxed: true,
      failIfUnavailable: true,
      allowUnsandboxedCommands: false,
      network: { allowedDomains: ["pypi.org"] },
    });
  });
});
