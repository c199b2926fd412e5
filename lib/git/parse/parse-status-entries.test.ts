import { describe, expect, it } from "vitest";
import { parseStatusEntries } from "./parse-status-entries.ts";

const OID = "8ddb01be93c8377dbb1fd03dcd160abbf98a1974";
const H1 = "1111111111111111111111111111111111111111";
const H2 = "2222222222222222222222222222222222222222";

function z(...fields: Array<string | Uint8Array>): Uint8Array {
  const parts = fields.flatMap((field) => [
    typeof field === "string" ? new TextEncoder().encode(field) : field,
    Uint8Array.of(0),
  ]);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe("parseStatusEntries", () => {
  it("reads every kind of entry, with names that hold spaces, newlines and look like entries", () => {
    const status = parseStatusEntries(
      z(
        `# branch.oid ${OID}`,
        "# branch.head feat/x",
        `1 M. N... 100644 100644 100644 ${H1} ${H2} a file.txt`,
        `1 .D N... 100644 100644 000000 ${H1} ${H1} gone.txt`,
        `2 R. N... 100644 100644 100644 ${H1} ${H1} R100 new name.txt`,
        "1 M. N... old\nname",
        `u UU N... 100644 100644 100644 100644 ${H1} ${H2} ${H1} conflicted.txt`,
        "? line\nbreak.txt",
        "? ? odd.txt",
      ),
    );
    expect(status.head).toBe(OID);
    expect(status.branch).toBe("feat/x");
    expect(
      status.entries.map((entry) => [entry.type, entry.xy, entry.path.path, entry.origPath?.path ?? null]),
    ).toEqual([
      ["ordinary", "M.", "a file.txt", null],
      ["ordinary", ".D", "gone.txt", null],
      ["renamed", "R.", "new name.txt", "1 M. N... old\nname"],
      ["unmerged", "UU", "conflicted.txt", null],
      ["untracked", "??", "line\nbreak.txt", null],
      ["untracked", "??", "? odd.txt", null],
    ]);
    expect(status.entries[1]).toMatchObject({ headMode: "100644", worktreeMode: "000000" });
  });

  it("reads an unborn branch and a detached HEAD", () => {
    expect(parseStatusEntries(z("# branch.oid (initial)", "# branch.head main"))).toMatchObject({
      head: null,
      branch: "main",
    });
    expect(parseStatusEntries(z(`# branch.oid ${OID}`, "# branch.head (detached)"))).toMatchObject({
      head: OID,
      branch: null,
    });
  });

  it("keeps the bytes of a name that is not UTF-8", () => {
    const name = Uint8Array.of(0x3f, 0x20, 0x62, 0xe9);
    const [entry] = parseStatusEntries(z(name)).entries;
    expect(entry?.path.display).toBe("b\\xE9");
    expect(entry?.path.path.startsWith("/raw/")).toBe(true);
  });
});
