import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findExecutable, listSearchDirectories, sanitizeSearchPath } from "./resolve-executable.ts";

const root = mkdtempSync(path.join(tmpdir(), "arbor-resolve-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function program(dir: string, name: string, mode = 0o755): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, mode);
  return file;
}

describe("listSearchDirectories / sanitizeSearchPath", () => {
  it("keeps absolute entries in order and drops empty, relative and repeated ones", () => {
    const value = ["", ".", "/usr/bin", "node_modules/.bin", "/bin", "/usr/bin/", "./bin"].join(path.delimiter);
    expect(listSearchDirectories(value)).toEqual(["/usr/bin", "/bin"]);
    expect(sanitizeSearchPath(value)).toBe(`/usr/bin${path.delimiter}/bin`);
    expect(sanitizeSearchPath(undefined)).toBeUndefined();
  });
});

describe("findExecutable", () => {
  it("finds the first executable in an absolute entry, never in a relative one", () => {
    const first = program(path.join(root, "a"), "tool", 0o644);
    const second = program(path.join(root, "b"), "tool");
    const pathValue = ["node_modules/.bin", ".", path.dirname(first), path.dirname(second)].join(path.delimiter);
    expect(findExecutable({ name: "tool", pathValue })).toBe(second);
    expect(findExecutable({ name: "tool", pathValue, isSkipped: (dir) => dir === path.dirname(second) })).toBeNull();
  });

  it("takes an absolute path as given and refuses a relative one with a slash", () => {
    const file = program(path.join(root, "c"), "claude");
    expect(findExecutable({ name: file, pathValue: "" })).toBe(file);
    expect(findExecutable({ name: "./claude", pathValue: path.join(root, "c") })).toBeNull();
    expect(findExecutable({ name: "c/claude", pathValue: root })).toBeNull();
    expect(findExecutable({ name: "missing", pathValue: path.join(root, "c") })).toBeNull();
  });
});
