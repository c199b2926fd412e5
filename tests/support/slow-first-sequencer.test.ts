import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { putSlowFirst, SLOW_FILES } from "./slow-first-sequencer.ts";
import { repoRoot } from "./start-arbor.ts";

const file = (relative: string) => ({ moduleId: path.join(repoRoot, relative) });

describe("putSlowFirst", () => {
  it("starts the slow files first, in the list's order, and keeps the others' order", () => {
    const files = [
      file("tests/integration/a.test.ts"),
      file(SLOW_FILES[1]!),
      file("tests/faults/b.test.ts"),
      file(SLOW_FILES[0]!),
      file("tests/security/c.test.ts"),
    ];
    expect(putSlowFirst(files).map((entry) => path.relative(repoRoot, entry.moduleId))).toEqual([
      SLOW_FILES[0],
      SLOW_FILES[1],
      "tests/integration/a.test.ts",
      "tests/faults/b.test.ts",
      "tests/security/c.test.ts",
    ]);
  });

  it("matches whole path segments: a file whose name only ends like a slow one stays where it was", () => {
    const lookalike = file(`tests/integration/my-${path.basename(SLOW_FILES[0]!)}`);
    const files = [file("tests/integration/a.test.ts"), lookalike];
    expect(putSlowFirst(files)).toEqual(files);
  });

  it("names files that exist (a renamed test would silently lose its place)", () => {
    for (const slow of SLOW_FILES) expect(existsSync(path.join(repoRoot, slow)), slow).toBe(true);
  });
});
