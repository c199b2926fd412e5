import { describe, expect, it } from "vitest";
import { parseStatus } from "./parse-status.ts";

const OID = "8ddb01be93c8377dbb1fd03dcd160abbf98a1974";
const MODES = "N... 100644 100644 100644 aaaa bbbb";

function z(...fields: string[]): string {
  return fields.map((field) => `${field}\0`).join("");
}

describe("parseStatus", () => {
  it("reads a clean branch that is level with its upstream", () => {
    const status = parseStatus(
      z(`# branch.oid ${OID}`, "# branch.head main", "# branch.upstream origin/main", "# branch.ab +0 -0"),
    );
    expect(status).toEqual({
      oid: OID,
      branch: "main",
      isDetached: false,
      upstream: { name: "origin/main", ahead: 0, behind: 0, isGone: false },
      dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
    });
  });

  it("reads ahead and behind counts", () => {
    const status = parseStatus(
      z(`# branch.oid ${OID}`, "# branch.head feat", "# branch.upstream origin/feat", "# branch.ab +3 -12"),
    );
    expect(status.upstream).toEqual({ name: "origin/feat", ahead: 3, behind: 12, isGone: false });
  });

  it("marks an upstream without an ahead/behind line as gone", () => {
    const status = parseStatus(z(`# branch.oid ${OID}`, "# branch.head feat", "# branch.upstream origin/feat"));
    expect(status.upstream).toEqual({ name: "origin/feat", ahead: 0, behind: 0, isGone: true });
  });

  it("reads a detached HEAD with no upstream", () => {
    const status = parseStatus(z(`# branch.oid ${OID}`, "# branch.head (detached)"));
    expect(status).toMatchObject({ oid: OID, branch: null, isDetached: true, upstream: null });
  });

  it("reads a repository before its first commit", () => {
    expect(parseStatus(z("# branch.oid (initial)", "# branch.head main"))).toMatchObject({ oid: null, branch: "main" });
  });

  it("counts staged, unstaged, untracked and conflicted entries exactly and ignores ignored files", () => {
    const status = parseStatus(
      z(
        `# branch.oid ${OID}`,
        "# branch.head main",
        `1 M. ${MODES} staged-only.txt`,
        `1 .M ${MODES} unstaged-only.txt`,
        `1 MM ${MODES} both.txt`,
        `1 A. ${MODES} added.txt`,
        `1 .D ${MODES} deleted.txt`,
        `2 R. ${MODES} R100 new name.txt`,
        "1 M. pretend this original path is an entry",
        `u UU N... 100644 100644 100644 100644 a b c conflict.txt`,
        "? untracked one.txt",
        "? new-dir/",
        "! ignored.log",
      ),
    );
    expect(status.dirty).toEqual({ staged: 4, unstaged: 3, untracked: 2, conflicted: 1 });
  });

  it("keeps paths with newlines inside one entry", () => {
    const status = parseStatus(z("# branch.head main", "? line one\nline two.txt", `1 .M ${MODES} a\nb`));
    expect(status.dirty).toEqual({ staged: 0, unstaged: 1, untracked: 1, conflicted: 0 });
  });
});
