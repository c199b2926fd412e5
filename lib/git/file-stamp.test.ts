import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stampFile, stampFiles } from "./file-stamp.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "file-stamp-"));
  dirs.push(dir);
  return dir;
}

describe("stampFile", () => {
  it("stays the same while a file is untouched and changes when it is rewritten", () => {
    const file = path.join(tempDir(), "index");
    writeFileSync(file, "one");
    const first = stampFile(file);
    expect(stampFile(file)).toBe(first);
    writeFileSync(file, "two");
    // Same size and, on a coarse clock, the same mtime: the times set apart make the rewrite visible.
    utimesSync(file, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
    expect(stampFile(file)).not.toBe(first);
  });

  it("is '-' for a missing file and for a path under a file, without throwing", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "plain"), "x");
    expect(stampFile(path.join(dir, "missing"))).toBe("-");
    expect(stampFile(path.join(dir, "plain", "below"))).toBe("-");
  });

  it("joins several files' stamps in the order given", () => {
    const dir = tempDir();
    const present = path.join(dir, "config");
    writeFileSync(present, "[core]");
    const missing = path.join(dir, "exclude");
    expect(stampFiles([present, missing])).toBe(`${stampFile(present)} -`);
    expect(stampFiles([missing, present])).toBe(`- ${stampFile(present)}`);
  });
});
