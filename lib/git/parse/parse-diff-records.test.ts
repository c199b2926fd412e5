import { describe, expect, it } from "vitest";
import { parseDiffRecords } from "./parse-diff-records.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const Z = "0".repeat(40);
const z = (...fields: string[]) => new TextEncoder().encode(fields.map((field) => `${field}\0`).join(""));

describe("parseDiffRecords", () => {
  it("joins raw records and numstat counts by position, renames and binaries included", () => {
    const records = parseDiffRecords(
      z(
        `:100644 100644 ${A} ${B} M`,
        "src/a.ts",
        `:100644 100644 ${A} ${A} R087`,
        "old name.txt",
        "new\tname.txt",
        `:000000 100644 ${Z} ${B} A`,
        "logo.png",
        `:100644 000000 ${A} ${Z} D`,
        "gone",
        "3\t1\tsrc/a.ts",
        "2\t2\t",
        "old name.txt",
        "new\tname.txt",
        "-\t-\tlogo.png",
        "0\t5\tgone",
      ),
    );
    expect(
      records.map((record) => [
        record.status,
        record.path.path,
        record.oldPath?.path ?? null,
        record.additions,
        record.deletions,
        record.isBinary,
      ]),
    ).toEqual([
      ["M", "src/a.ts", null, 3, 1, false],
      ["R", "new\tname.txt", "old name.txt", 2, 2, false],
      ["A", "logo.png", null, null, null, true],
      ["D", "gone", null, 0, 5, false],
    ]);
    expect(records[1]).toMatchObject({ score: 87, oldBlob: A, newBlob: A });
  });

  it("returns nothing for no output", () => {
    expect(parseDiffRecords(new Uint8Array())).toEqual([]);
  });
});
