import { describe, expect, it } from "vitest";
import { NO_MARKERS_NOTE, type MergeTreeConflict } from "./conflict-hunks.ts";
import { BINARY_NOTE, describeConflict, describeUnmarkedFile, nameConflict } from "./conflict-notes.ts";

const baseCommit = "b".repeat(40);
const branchCommit = "c".repeat(40);
const names = { base: "main", branch: "feat/x" };
const ids = { ...names, baseCommit, branchCommit };
const stage = (mode: string, oid: string) => ({ mode, oid });
const conflict = (path: string, sides: Partial<MergeTreeConflict>): MergeTreeConflict => ({
  path,
  display: path,
  messages: [],
  ancestor: stage("100644", "a".repeat(40)),
  base: stage("100644", "2".repeat(40)),
  branch: stage("100644", "3".repeat(40)),
  ...sides,
});
const noteOf = (input: MergeTreeConflict) => describeConflict(nameConflict(input, ids), names);

describe("nameConflict", () => {
  it("names a path git set aside after a commit id as the merge resolving it in the branch's worktree does", () => {
    expect(nameConflict(conflict(`fd~${baseCommit}`, {}), ids)).toMatchObject({
      path: `fd~${baseCommit}`,
      shownPath: "fd~main",
      setAside: { path: "fd", side: "base" },
    });
    expect(nameConflict(conflict(`src/fd~${branchCommit}_1`, {}), ids)).toMatchObject({
      shownPath: "src/fd~HEAD_1",
      setAside: { path: "src/fd", side: "branch" },
    });
  });

  it("leaves other paths as they are, a `~` and hex that are no commit of the landing included", () => {
    expect(nameConflict(conflict("notes~draft.txt", {}), ids)).toMatchObject({ shownPath: "notes~draft.txt" });
    expect(nameConflict(conflict(`x~${"d".repeat(40)}`, {}), ids)).toMatchObject({
      shownPath: `x~${"d".repeat(40)}`,
      setAside: null,
    });
  });
});

describe("describeConflict", () => {
  it("says a file set aside is one side's, moved out of the way of the other's folder", () => {
    expect(noteOf(conflict(`fd~${baseCommit}`, { branch: null }))).toEqual({
      read: "none",
      note: "main's fd, set aside under this name by git: feat/x has a folder (or another kind of entry) at fd. Keep one of them at fd, or both under different names.",
    });
  });

  it("says which side deleted a file the other changed", () => {
    expect(noteOf(conflict("gone.txt", { base: null }))).toEqual({
      read: "none",
      note: "Deleted (or renamed) in main, changed in feat/x (a file): keep it with feat/x's changes, or delete it.",
    });
    expect(noteOf(conflict("gone.txt", { branch: null }))).toMatchObject({
      note: "Changed in main, deleted (or renamed) in feat/x (a file): keep it with main's changes, or delete it.",
    });
  });

  it("says a submodule moved to different commits on both sides, naming them, not 'deleted on one side'", () => {
    const submodule = conflict("vendor/lib", {
      ancestor: stage("160000", "1".repeat(40)),
      base: stage("160000", "2".repeat(40)),
      branch: stage("160000", "3".repeat(40)),
    });
    expect(noteOf(submodule)).toEqual({
      read: "none",
      note: "A submodule both sides moved to different commits: main has 2222222, feat/x has 3333333. Check out the commit to keep inside the submodule, then `git add` it.",
    });
  });

  it("reads a symbolic link's two targets, and names a file on one side and a link on the other", () => {
    const link = conflict("link", { base: stage("120000", "2".repeat(40)), branch: stage("120000", "3".repeat(40)) });
    expect(noteOf(link)).toEqual({
      read: "link",
      note: "A symbolic link both sides changed: where each points is below. Keep one target.",
    });
    expect(noteOf(conflict("mixed", { branch: stage("120000", "3".repeat(40)) }))).toEqual({
      read: "none",
      note: "A file in main, a symbolic link in feat/x: keep one of them.",
    });
  });

  it("says how git's messages tell it: renamed to two names, renamed and deleted, another kind of entry set aside (the commits named by branch)", () => {
    const rename = {
      type: "CONFLICT (rename/rename)",
      paths: ["a.txt", "a-main.txt", "a-x.txt"],
      text: `CONFLICT (rename/rename): a.txt renamed to a-main.txt in ${baseCommit} and to a-x.txt in ${branchCommit}.`,
    };
    const bothRenamed = "a.txt renamed to a-main.txt in main and to a-x.txt in feat/x.";
    const keepOne = "Keep it under one of the two names (delete the other), or under both.";
    expect(noteOf(conflict("a.txt", { base: null, branch: null, messages: [rename] }))).toEqual({
      read: "none",
      note: `${bothRenamed} ${keepOne}`,
    });
    expect(noteOf(conflict("a-x.txt", { ancestor: null, base: null, messages: [rename] }))).toEqual({
      read: "none",
      note: `${bothRenamed} ${keepOne}`,
    });
    const renameDelete = {
      type: "CONFLICT (rename/delete)",
      paths: ["b-x.txt", "b.txt"],
      text: `CONFLICT (rename/delete): b.txt renamed to b-x.txt in ${branchCommit}, but deleted in ${baseCommit}.`,
    };
    expect(noteOf(conflict("b-x.txt", { base: null, messages: [renameDelete] }))).toEqual({
      read: "none",
      note: "b.txt renamed to b-x.txt in feat/x, but deleted in main. Keep it under its new name, or delete it.",
    });
    const distinct = {
      type: "CONFLICT (distinct modes)",
      paths: ["t", `t~${baseCommit}`],
      text: "CONFLICT (distinct types): t had different types on each side; renamed one of them so each can be recorded somewhere.",
    };
    expect(
      noteOf(conflict("t", { base: null, branch: stage("120000", "3".repeat(40)), messages: [distinct] })),
    ).toEqual({
      read: "none",
      note: "feat/x's symbolic link; main has another kind of entry here (a file, a link or a submodule), which git set aside as t~main. Keep one of them here.",
    });
  });

  it("reads an ordinary file's conflict markers", () => {
    expect(noteOf(conflict("a.txt", {}))).toEqual({ read: "file", note: null });
  });
});

describe("describeUnmarkedFile", () => {
  it("names the merge driver Arbor switched off in a repository not trusted, or that failed in a trusted one", () => {
    expect(describeUnmarkedFile({ mergeAttribute: "evil", isTrusted: false, base: "main", isBinary: false })).toBe(
      "No conflict markers: its merge driver `evil` (named in .gitattributes) was not run, as Arbor runs no program of a repository you have not trusted, so git kept main's version. Trust the repository to let the driver merge it, or merge the two versions by hand.",
    );
    expect(describeUnmarkedFile({ mergeAttribute: "evil", isTrusted: true, base: "main", isBinary: false })).toMatch(
      /^No conflict markers: its merge driver `evil` \(named in \.gitattributes\) could not merge it/,
    );
  });

  it("names `-merge` and `merge=binary`, a side git found binary, and falls back to the general note", () => {
    for (const mergeAttribute of ["unset", "binary"])
      expect(describeUnmarkedFile({ mergeAttribute, isTrusted: false, base: "main", isBinary: true })).toMatch(
        /^No conflict markers: \.gitattributes marks it not to be merged line by line/,
      );
    for (const mergeAttribute of ["unspecified", "set", "text", null])
      expect(describeUnmarkedFile({ mergeAttribute, isTrusted: false, base: "main", isBinary: false })).toBe(
        NO_MARKERS_NOTE,
      );
    // A side git found binary (the merged tree keeps the base's text): said to be binary, not "renamed".
    for (const mergeAttribute of ["unspecified", null])
      expect(describeUnmarkedFile({ mergeAttribute, isTrusted: false, base: "main", isBinary: true })).toBe(
        BINARY_NOTE,
      );
  });
});

describe("long names", () => {
  it("shows a name past 300 characters as its start and end, in the list, a file set aside and git's messages", () => {
    const long = `src/${"d".repeat(5_000)}/file.txt`;
    expect(nameConflict(conflict(long, {}), ids).shownPath).toBe(`${long.slice(0, 150)}…${long.slice(-149)}`);
    const setAside = nameConflict(conflict(`${long}~${baseCommit}`, { branch: null }), ids);
    expect(setAside.shownPath).toHaveLength(300);
    expect(setAside.shownPath.endsWith("/file.txt~main")).toBe(true);
    expect(setAside.setAside?.path).toHaveLength(300);
    const renamed = nameConflict(
      conflict(long, {
        messages: [
          {
            type: "CONFLICT (rename/delete)",
            paths: [long, "old.txt"],
            text: `CONFLICT (rename/delete): old.txt renamed to ${long} in ${branchCommit}, but deleted in ${baseCommit}.`,
          },
        ],
      }),
      ids,
    );
    expect(renamed.messages[0]?.text).toBe(
      `CONFLICT (rename/delete): old.txt renamed to ${renamed.shownPath} in feat/x, but deleted in main.`,
    );
  });
});
