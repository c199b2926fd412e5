import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { newestSourceMtime } from "./source-stamp.ts";

let project: string;
afterEach(() => rmSync(project, { recursive: true, force: true }));

/** Writes a file of the temporary project with the given mtime (seconds since the epoch). */
function fileAt(relative: string, seconds: number): void {
  const file = path.join(project, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "x");
  utimesSync(file, seconds, seconds);
  for (let folder = path.dirname(file); folder.startsWith(project); folder = path.dirname(folder)) {
    utimesSync(folder, 1, 1);
  }
}

describe("newestSourceMtime", () => {
  it("counts the server's code and what bundles it, which each build bundles with its pages", () => {
    project = mkdtempSync(path.join(os.tmpdir(), "arbor-stamp-"));
    fileAt("app/page.tsx", 100);
    fileAt("server/start-server.ts", 200);
    expect(newestSourceMtime(project)).toBe(200_000);
    fileAt("scripts/next-build/make-build.ts", 300);
    expect(newestSourceMtime(project)).toBe(300_000);
    fileAt("scripts/build-bundles.mjs", 400);
    expect(newestSourceMtime(project)).toBe(400_000);
  });

  it("ignores what no build reads: other scripts, tests, packages and hidden folders", () => {
    project = mkdtempSync(path.join(os.tmpdir(), "arbor-stamp-"));
    fileAt("lib/a.ts", 100);
    fileAt("scripts/test-all.mjs", 900);
    fileAt("tests/integration/a.test.ts", 900);
    fileAt("lib/node_modules/x/index.js", 900);
    fileAt("lib/.cache/x", 900);
    expect(newestSourceMtime(project)).toBe(100_000);
  });
});
