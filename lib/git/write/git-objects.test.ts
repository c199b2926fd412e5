import { describe, expect, it } from "vitest";
import { buildCommit, buildTrees, hashGitObject, objectFormatOf } from "./git-objects.ts";

/** The names of a tree body's entries, in the order they were written. */
function entryNames(body: Buffer, idBytes: number): string[] {
  const names: string[] = [];
  for (let at = 0; at < body.length;) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    names.push(body.subarray(space + 1, nul).toString("utf8"));
    at = nul + 1 + idBytes;
  }
  return names;
}

const blob = (digit: string) => digit.repeat(40);

describe("git objects built without git", () => {
  it("names the empty tree as git does, in both object formats", () => {
    // The ids git itself gives the empty tree (`git hash-object -t tree /dev/null`).
    expect(buildTrees({ files: new Map(), format: "sha1" }).root).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
    expect(buildTrees({ files: new Map(), format: "sha256" }).root).toBe(
      "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321",
    );
  });

  it("sorts a folder as if its name ended in '/', and writes each folder once, innermost first", () => {
    const files = new Map([
      ["a/inner.txt", { mode: "100644", blob: blob("1") }],
      ["a.b", { mode: "100755", blob: blob("2") }],
      ["a-b", { mode: "120000", blob: blob("3") }],
      ["a/deeper/x", { mode: "100644", blob: blob("4") }],
    ]);
    const { root, objects } = buildTrees({ files, format: "sha1" });
    expect(objects.map((object) => object.type)).toEqual(["tree", "tree", "tree"]);
    expect(objects.at(-1)!.id).toBe(root);
    // '-' (0x2d) < '.' (0x2e) < '/' (0x2f): the folder a sorts after the file a.b.
    expect(entryNames(objects.at(-1)!.body, 20)).toEqual(["a-b", "a.b", "a"]);
    expect(entryNames(objects[1]!.body, 20)).toEqual(["deeper", "inner.txt"]);
    expect(objects.at(-1)!.body.subarray(0, 7).toString()).toBe("120000 ");
    expect(objects.at(-1)!.body.includes(Buffer.from("40000 a\0"))).toBe(true);
  });

  it("hashes a commit over its header and body, and tells the format from an id's length", () => {
    const commit = buildCommit({ tree: blob("a"), parents: [blob("b")], message: "m", format: "sha1" });
    expect(commit.body.toString()).toBe(
      `tree ${blob("a")}\nparent ${blob("b")}\nauthor Arbor <arbor@localhost> 0 +0000\ncommitter Arbor <arbor@localhost> 0 +0000\n\nm\n`,
    );
    expect(commit.id).toBe(hashGitObject({ type: "commit", body: commit.body, format: "sha1" }).id);
    expect(commit.id).toMatch(/^[0-9a-f]{40}$/);
    expect(objectFormatOf(blob("a"))).toBe("sha1");
    expect(objectFormatOf("a".repeat(64))).toBe("sha256");
    expect(buildCommit({ tree: "a".repeat(64), parents: [], message: "m", format: "sha256" }).id).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});
