import { describe, expect, it } from "vitest";
import type { RawChange } from "./parse-raw-changes.ts";
import { planStandInRounds, standInFiles } from "./stand-in-merges.ts";

const NONE = "0".repeat(40);
const id = (digit: string) => digit.repeat(40);
const modified = (from: string, to: string, modes: [string, string] = ["100644", "100644"]): RawChange => ({
  status: "M",
  oldMode: modes[0],
  oldBlob: id(from),
  newMode: modes[1],
  newBlob: id(to),
});
const added = (to: string, mode = "100644"): RawChange => ({
  status: "A",
  oldMode: "000000",
  oldBlob: NONE,
  newMode: mode,
  newBlob: id(to),
});
const diff = (entries: Record<string, RawChange>) => new Map(Object.entries(entries));

describe("standInFiles", () => {
  it("keeps only the files both sides changed to different results, with the merge base's version", () => {
    const files = standInFiles({
      left: diff({ "a.txt": modified("1", "2"), "same.txt": modified("1", "3"), "mine.txt": modified("1", "4") }),
      right: diff({ "a.txt": modified("1", "5"), "same.txt": modified("1", "3"), "new.txt": added("6") }),
    });
    expect(files).toEqual(
      new Map([
        [
          "a.txt",
          {
            base: { mode: "100644", blob: id("1") },
            left: { mode: "100644", blob: id("2") },
            right: { mode: "100644", blob: id("5") },
          },
        ],
      ]),
    );
  });

  it("gives a file both sides added no merge-base version, and keeps a mode-only change on one side", () => {
    const files = standInFiles({
      left: diff({ "new.txt": added("2"), "run.sh": modified("1", "1", ["100644", "100755"]) }),
      right: diff({ "new.txt": added("3"), "run.sh": modified("1", "4") }),
    });
    expect(files?.get("new.txt")).toEqual({
      base: null,
      left: { mode: "100644", blob: id("2") },
      right: { mode: "100644", blob: id("3") },
    });
    expect(files?.get("run.sh")?.left).toEqual({ mode: "100755", blob: id("1") });
  });

  it("says only a real merge can tell when a side deleted or retyped a path, for submodules, folder clashes and names that are not UTF-8", () => {
    const right = diff({ "a.txt": modified("1", "5") });
    expect(
      standInFiles({
        left: diff({ "a.txt": modified("1", "2"), "gone.txt": { ...modified("1", "0"), status: "D" } }),
        right,
      }),
    ).toBeNull();
    expect(
      standInFiles({ left: diff({ "a.txt": { ...modified("1", "2", ["100644", "120000"]), status: "T" } }), right }),
    ).toBeNull();
    expect(
      standInFiles({
        left: diff({ sub: modified("1", "2", ["160000", "160000"]) }),
        right: diff({ sub: modified("1", "3", ["160000", "160000"]) }),
      }),
    ).toBeNull();
    expect(standInFiles({ left: diff({ x: added("2") }), right: diff({ "x/y": added("3") }) })).toBeNull();
    expect(
      standInFiles({
        left: diff({ "bad\uFFFD.txt": modified("1", "2") }),
        right: diff({ "bad\uFFFD.txt": modified("1", "3") }),
      }),
    ).toBeNull();
    // A deletion elsewhere could still pair with an addition as a rename: only a real merge can tell.
    expect(
      standInFiles({
        left: diff({ "a.txt": modified("1", "2") }),
        right: diff({ "a.txt": modified("1", "3"), "old.txt": { ...modified("9", "0"), status: "D" } }),
      }),
    ).toBeNull();
  });

  it("returns no files when nothing both sides changed differs", () => {
    expect(
      standInFiles({ left: diff({ "a.txt": modified("1", "2") }), right: diff({ "b.txt": modified("1", "3") }) }),
    ).toEqual(new Map());
  });
});

describe("planStandInRounds", () => {
  const versions = (right = "2") => ({
    base: { mode: "100644", blob: id("1") },
    left: { mode: "100644", blob: id("9") },
    right: { mode: "100644", blob: id(right) },
  });
  const files = (...paths: string[]) => new Map(paths.map((path) => [path, versions()]));

  it("puts merges whose files never meet in one round, and a merge with other versions of a path in the next", () => {
    expect(
      planStandInRounds([
        files("a.txt"),
        files("b.txt", "docs/c.md"),
        new Map([["a.txt", versions("3")]]),
        files("docs/d.md"),
      ]),
    ).toEqual([[0, 1, 3], [2]]);
  });

  it("shares a path between merges that hold the same three versions of it (a branch and its design child)", () => {
    expect(planStandInRounds([files("a.txt"), files("a.txt", "b.txt"), files("b.txt")])).toEqual([[0, 1, 2]]);
  });

  it("keeps a file and a folder of the same name apart, either way round", () => {
    expect(planStandInRounds([files("x"), files("x/y"), files("p/q/r"), files("p/q")])).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it("makes no round for no merge", () => {
    expect(planStandInRounds([])).toEqual([]);
  });
});
