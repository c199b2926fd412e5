import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStandInsFromGraph } from "@/lib/design/merge-order/find-stand-ins.ts";
import { readCommitGraph } from "@/lib/design/merge-order/read-commit-graph.ts";
import { readMergeConflicts, type MergeCheck } from "@/lib/design/merge-order/read-merge-conflicts.ts";
import { clearMergeTreeCache } from "@/lib/git/run/merge-tree-cache.ts";
import { neutralMergeDrivers } from "@/lib/git/run/neutral-merge-drivers.ts";
import { getProcessHost, installProcessHost } from "@/lib/process-host/current-process-host.ts";
import {
  createFixtureRoot,
  removeGitFixture,
  runFixtureGit,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { countingProcessHost } from "@/tests/support/counting-process-host.ts";
import { seededRandom } from "@/tests/support/seeded-random.ts";

const execFileAsync = promisify(execFile);

/**
 * The merge order's stand-in merges (lib/design/merge-order/read-merge-conflicts.ts) must answer exactly as
 * `git merge-tree` answers for each real pair. Random pairs of branches (modified lines far apart,
 * next to each other and on the same line, files both sides added, mode changes, binaries,
 * symlinks, `.gitattributes` rules anchored to a folder and not, deletions that need a real merge)
 * are checked against git itself, pair by pair, in a repository whose path has a quote, a newline
 * and a non-ASCII letter (the scratch store's alternates line must still name it).
 */

interface Entry {
  mode: string;
  text: string;
}
type Snapshot = Map<string, Entry>;

const LINES = 8;
const lines = (name: string, edit?: { at: number; text: string }) =>
  Array.from({ length: LINES }, (_, line) => (edit && line === edit.at ? edit.text : `${name} line ${line}`)).join(
    "\n",
  ) + "\n";

/** A fast-import stream whose commits carry modes, links and deletions; refs name the commits. */
function importStream() {
  const parts: string[] = [];
  let mark = 0;
  return {
    commit(input: { ref: string; from?: string; merge?: string; changes: Array<[string, Entry | null]> }): string {
      mark += 1;
      parts.push(`commit ${input.ref}\nmark :${mark}\ncommitter T <t@t.invalid> 1704164645 +0000\ndata 1\nc\n`);
      if (input.from) parts.push(`from ${input.from}\n`);
      if (input.merge) parts.push(`merge ${input.merge}\n`);
      for (const [file, entry] of input.changes) {
        if (entry === null) parts.push(`D ${file}\n`);
        else parts.push(`M ${entry.mode} inline ${file}\ndata ${Buffer.byteLength(entry.text)}\n${entry.text}\n`);
      }
      parts.push("\n");
      return `:${mark}`;
    },
    get text() {
      return parts.join("");
    },
  };
}

async function fastImport(cwd: string, text: string): Promise<void> {
  const child = execFile("git", ["-C", cwd, "fast-import", "--quiet"]);
  child.stdin!.end(text);
  await new Promise<void>((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`fast-import exited with ${code}`)))),
  );
}

/** What git itself says, one real `merge-tree` per pair (exit code 1: conflicts). */
async function gitConflicts(input: { cwd: string; check: MergeCheck; config?: string[] }): Promise<string[]> {
  const args = [
    ...(input.config ?? []).flatMap((pair) => ["-c", pair]),
    "-C",
    input.cwd,
    "merge-tree",
    "--write-tree",
    "-z",
    "--name-only",
    "--no-messages",
    input.check.left,
    input.check.right,
  ];
  const stdout = await execFileAsync("git", args).then(
    (done) => done.stdout,
    (error: { code?: number; stdout?: string }) => {
      if (error.code !== 1) throw error;
      return error.stdout ?? "";
    },
  );
  const [, ...files] = stdout.split("\0");
  return files.filter((file) => file !== "");
}

/** readMergeConflicts as the merge order calls it, with no verdict kept, and the merge-tree processes it started. */
async function readCounted(input: {
  repo: string;
  checks: MergeCheck[];
  isTrusted: boolean;
  extraConfig: string[];
}): Promise<{ conflicts: string[][]; merges: number }> {
  const { repo, checks } = input;
  const graph = await readCommitGraph({ repoRoot: repo, tips: checks.flatMap((check) => [check.left, check.right]) });
  const original = getProcessHost();
  const { host, counter } = countingProcessHost(original, "merge-tree");
  installProcessHost(host);
  try {
    clearMergeTreeCache();
    const conflicts = await readMergeConflicts({
      repoRoot: repo,
      readCommonDir: () => Promise.resolve(path.join(repo, ".git")),
      checks,
      isTrusted: input.isTrusted,
      extraConfig: input.extraConfig,
      findStandIns: findStandInsFromGraph({ repoRoot: repo, graph, diffs: new Map() }),
    });
    return { conflicts, merges: counter.count };
  } finally {
    installProcessHost(original);
  }
}

const BASE_FILES = ["docs/a.md", "src/x.ts", "top.txt", "deps.lock", "we ird/ü.txt"];
const ADDED_FILES = ["new/one.txt", "new/two.txt", "docs/new.md"];

describe("stand-in merges answer as git merge-tree does for each pair", () => {
  let fixture: GitFixtureRoot;
  let repo: string;
  const checks: MergeCheck[] = [];
  let criss: MergeCheck;

  beforeAll(async () => {
    fixture = await createFixtureRoot();
    repo = path.join(fixture.root, 'we"ird\nrepo ü');
    await mkdir(repo);
    await runFixtureGit({ cwd: repo, args: ["init", "-q"] });
    const random = seededRandom(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const stream = importStream();
    const base: Snapshot = new Map(BASE_FILES.map((file) => [file, { mode: "100644", text: lines(file) }]));
    base.set("run.sh", { mode: "100644", text: "echo run\n" });
    base.set("img.bin", { mode: "100644", text: "\0binary\0base\n" });
    for (const file of ["pkg/one.txt", "pkg/two.txt"]) base.set(file, { mode: "100644", text: lines(file) });
    base.set(".gitattributes", { mode: "100644", text: "/docs/*.md merge=union\n*.lock merge=union\n*.bin binary\n" });
    const baseMark = stream.commit({ ref: "refs/heads/main", changes: [...base] });
    // A trunk of a few commits, so pairs fork from different places.
    const trunk = [{ mark: baseMark, snapshot: base }];
    for (let index = 0; index < 3; index += 1) {
      const previous = trunk.at(-1)!;
      const file = pick(BASE_FILES);
      const entry = { mode: "100644", text: lines(file, { at: LINES - 1, text: `trunk ${index}` }) };
      const snapshot = new Map(previous.snapshot).set(file, entry);
      trunk.push({
        mark: stream.commit({ ref: "refs/heads/main", from: previous.mark, changes: [[file, entry]] }),
        snapshot,
      });
    }
    const edit = (snapshot: Snapshot, side: string, deletions: boolean): Array<[string, Entry | null]> => {
      const changes = new Map<string, Entry | null>();
      if (deletions) {
        // A rename git finds by content: the other side's change to the old name follows it.
        const renamed = pick(BASE_FILES);
        changes.set(renamed, null);
        changes.set(`moved/${path.basename(renamed)}`, {
          mode: "100644",
          text: lines(renamed, { at: LINES - 2, text: `${side} moved it` }),
        });
      }
      const count = 2 + Math.floor(random() * 3);
      for (let made = 0; made < count; made += 1) {
        const kind = random();
        if (kind < 0.55) {
          const file = pick(BASE_FILES);
          // Lines 0–2 only: the sides often touch the same line or the next one.
          changes.set(file, {
            mode: "100644",
            text: lines(file, { at: Math.floor(random() * 3), text: `${side} ${made}` }),
          });
        } else if (kind < 0.7)
          changes.set(pick(ADDED_FILES), { mode: "100644", text: random() < 0.4 ? "same\n" : `${side}\n` });
        else if (kind < 0.78)
          changes.set("run.sh", { mode: "100755", text: random() < 0.5 ? "echo run\n" : `echo ${side}\n` });
        else if (kind < 0.86) changes.set("img.bin", { mode: "100644", text: `\0binary\0${side}\n` });
        else if (kind < 0.93) changes.set("link", { mode: "120000", text: random() < 0.5 ? "top.txt" : `${side}.txt` });
        else if (deletions) changes.set(pick(BASE_FILES), null);
      }
      return [...changes].filter(([file]) => changes.get(file) !== null || snapshot.has(file));
    };
    const refs: Array<[string, string]> = [];
    for (let pair = 0; pair < 48; pair += 1) {
      const fork = pick(trunk);
      const deletions = pair % 9 === 8;
      stream.commit({
        ref: `refs/heads/p${pair}-left`,
        from: fork.mark,
        changes: edit(fork.snapshot, `left${pair}`, deletions),
      });
      stream.commit({
        ref: `refs/heads/p${pair}-right`,
        from: fork.mark,
        changes: edit(fork.snapshot, `right${pair}`, false),
      });
      refs.push([`p${pair}-left`, `p${pair}-right`]);
    }
    // A folder one side moved whole: git moves a file the other side added in it along (a folder
    // rename), onto a file of the same name the first side added; nothing shares a path here.
    stream.commit({
      ref: "refs/heads/dir-left",
      from: baseMark,
      changes: [
        ["pkg/one.txt", null],
        ["pkg/two.txt", null],
        ["lib/one.txt", base.get("pkg/one.txt")!],
        ["lib/two.txt", base.get("pkg/two.txt")!],
        ["lib/three.txt", { mode: "100644", text: "left's three\n" }],
      ],
    });
    stream.commit({
      ref: "refs/heads/dir-right",
      from: baseMark,
      changes: [["pkg/three.txt", { mode: "100644", text: "right's three\n" }]],
    });
    // A branch and its design child against a base that changed both's files: the parent's
    // conflict is the child's too, one file for the two merges.
    const edited = (file: string, text: string): [string, Entry] => [
      file,
      { mode: "100644", text: lines(file, { at: 5, text }) },
    ];
    const parent = stream.commit({
      ref: "refs/heads/family-parent",
      from: baseMark,
      changes: [edited("top.txt", "parent")],
    });
    stream.commit({ ref: "refs/heads/family-child", from: parent, changes: [edited("src/x.ts", "child")] });
    stream.commit({
      ref: "refs/heads/family-base",
      from: baseMark,
      changes: [edited("top.txt", "base"), edited("src/x.ts", "base")],
    });
    // Criss-cross: each side merged the other's first commit, so the pair has two merge bases.
    const a1 = stream.commit({
      ref: "refs/heads/cc-a",
      from: baseMark,
      changes: [["src/x.ts", { mode: "100644", text: lines("src/x.ts", { at: 0, text: "a1" }) }]],
    });
    const b1 = stream.commit({
      ref: "refs/heads/cc-b",
      from: baseMark,
      changes: [["src/y.ts", { mode: "100644", text: lines("src/y.ts", { at: 0, text: "b1" }) }]],
    });
    const a2 = stream.commit({
      ref: "refs/heads/cc-a",
      from: a1,
      merge: b1,
      changes: [["src/y.ts", { mode: "100644", text: lines("src/y.ts", { at: 0, text: "b1" }) }]],
    });
    const b2 = stream.commit({
      ref: "refs/heads/cc-b",
      from: b1,
      merge: a1,
      changes: [["src/x.ts", { mode: "100644", text: lines("src/x.ts", { at: 0, text: "a1" }) }]],
    });
    stream.commit({
      ref: "refs/heads/cc-a",
      from: a2,
      changes: [["top.txt", { mode: "100644", text: lines("top.txt", { at: 2, text: "cc a" }) }]],
    });
    stream.commit({
      ref: "refs/heads/cc-b",
      from: b2,
      changes: [["top.txt", { mode: "100644", text: lines("top.txt", { at: 2, text: "cc b" }) }]],
    });
    await fastImport(repo, stream.text);
    await runFixtureGit({ cwd: repo, args: ["reset", "-q", "--hard", "main"] });
    const shaOf = new Map(
      (
        await runFixtureGit({
          cwd: repo,
          args: ["for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads"],
        })
      )
        .trim()
        .split("\n")
        .map((line) => line.split(" ") as [string, string]),
    );
    const fixed = [
      ["family-base", "family-parent"],
      ["family-base", "family-child"],
      ["dir-left", "dir-right"],
    ] as const;
    for (const [left, right] of [...refs, ...fixed]) checks.push({ left: shaOf.get(left)!, right: shaOf.get(right)! });
    criss = { left: shaOf.get("cc-a")!, right: shaOf.get("cc-b")! };
  });

  afterAll(async () => {
    clearMergeTreeCache();
    await removeGitFixture(fixture);
  });

  it("gives every pair git's own conflicts, in fewer merge-tree processes, and writes nothing into the repository", async () => {
    const all = [...checks, criss];
    const expected = await Promise.all(all.map((check) => gitConflicts({ cwd: repo, check })));
    // The random pairs cover both answers, and the cases the stand-ins leave to a real merge.
    expect(expected.filter((files) => files.length > 0).length).toBeGreaterThan(5);
    expect(expected.filter((files) => files.length === 0).length).toBeGreaterThan(5);
    const graph = await readCommitGraph({ repoRoot: repo, tips: all.flatMap((check) => [check.left, check.right]) });
    expect(expected.slice(-4)).toEqual([["top.txt"], ["src/x.ts", "top.txt"], ["lib/three.txt"], expect.anything()]);
    expect(graph.uniqueMergeBase(criss.left, criss.right)).toBeNull();
    expect(
      (await runFixtureGit({ cwd: repo, args: ["merge-base", "--all", criss.left, criss.right] })).trim().split("\n"),
    ).toHaveLength(2);

    const objectsBefore = await runFixtureGit({ cwd: repo, args: ["count-objects", "-v"] });
    const { conflicts, merges } = await readCounted({ repo, checks: all, isTrusted: true, extraConfig: [] });
    expect(conflicts).toEqual(expected);
    expect(merges).toBeGreaterThan(0);
    expect(merges).toBeLessThan(all.length / 2);
    expect(await runFixtureGit({ cwd: repo, args: ["count-objects", "-v"] })).toBe(objectsBefore);
  });

  it("merges every pair for real, with the same answers, when no scratch folder can be made", async () => {
    const all = [...checks, criss];
    const expected = await Promise.all(all.map((check) => gitConflicts({ cwd: repo, check })));
    const notAFolder = path.join(fixture.root, "tmp-is-a-file");
    await writeFile(notAFolder, "");
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = notAFolder;
    try {
      const { conflicts, merges } = await readCounted({ repo, checks: all, isTrusted: true, extraConfig: [] });
      expect(conflicts).toEqual(expected);
      expect(merges).toBe(all.length);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
  });

  it("switches off an untrusted repository's merge driver in a stand-in merge too: its files conflict and it never runs", async () => {
    const marker = path.join(fixture.root, "driver-ran");
    await runFixtureGit({ cwd: repo, args: ["config", "merge.evil.driver", `touch '${marker}'; cp %B %A`] });
    await runFixtureGit({ cwd: repo, args: ["checkout", "-q", "-b", "cfg-base", "main"] });
    await writeFile(path.join(repo, ".gitattributes"), "*.cfg merge=evil\n");
    await writeFile(path.join(repo, "one.cfg"), "base\n");
    await writeFile(path.join(repo, "two.cfg"), "base\n");
    await runFixtureGit({ cwd: repo, args: ["add", "-A"] });
    await runFixtureGit({ cwd: repo, args: ["commit", "-q", "-m", "cfg base"] });
    const sides: Record<string, string> = {};
    for (const side of ["l1", "r1", "l2", "r2"]) {
      await runFixtureGit({ cwd: repo, args: ["checkout", "-q", "-b", `cfg-${side}`, "cfg-base"] });
      await writeFile(path.join(repo, side.endsWith("1") ? "one.cfg" : "two.cfg"), `${side}\n`);
      await runFixtureGit({ cwd: repo, args: ["commit", "-q", "-am", side] });
      sides[side] = (await runFixtureGit({ cwd: repo, args: ["rev-parse", "HEAD"] })).trim();
    }
    await runFixtureGit({ cwd: repo, args: ["checkout", "-q", "cfg-base"] });
    const pairs = [
      { left: sides.l1!, right: sides.r1! },
      { left: sides.l2!, right: sides.r2! },
    ];
    const extraConfig = await neutralMergeDrivers(repo);
    expect(extraConfig).toEqual(["merge.evil.driver=false"]);
    const { conflicts, merges } = await readCounted({ repo, checks: pairs, isTrusted: false, extraConfig });
    expect(conflicts).toEqual([["one.cfg"], ["two.cfg"]]);
    expect(merges).toBe(1);
    for (const [index, pair] of pairs.entries())
      expect(await gitConflicts({ cwd: repo, check: pair, config: extraConfig })).toEqual([
        index === 0 ? "one.cfg" : "two.cfg",
      ]);
    expect(existsSync(marker)).toBe(false);
  });
  it("merges for real when merges renormalize: git then reads the .gitattributes of the commits it merges", async () => {
    // Not checked out, so only the commits hold `* text=auto`: the left side only turned CRLF into
    // LF, which renormalizing sees as no change, while a stand-in without that file would conflict.
    const renormalizing = path.join(fixture.root, "renormalizing");
    await mkdir(renormalizing);
    await runFixtureGit({ cwd: renormalizing, args: ["init", "-q"] });
    await runFixtureGit({ cwd: renormalizing, args: ["config", "merge.renormalize", "true"] });
    const stream = importStream();
    const text = (lines: string[], eol: string) => ({ mode: "100644", text: lines.join(eol) + eol });
    const base = stream.commit({
      ref: "refs/heads/main",
      changes: [
        [".gitattributes", { mode: "100644", text: "* text=auto\n" }],
        ["a.txt", text(["one", "two"], "\r\n")],
        ["b.txt", text(["three", "four"], "\r\n")],
      ],
    });
    for (const [file, lines] of [
      ["a.txt", ["one", "two"]],
      ["b.txt", ["three", "four"]],
    ] as const) {
      stream.commit({ ref: `refs/heads/${file}-left`, from: base, changes: [[file, text([...lines], "\n")]] });
      stream.commit({
        ref: `refs/heads/${file}-right`,
        from: base,
        changes: [[file, text([lines[0], lines[1].toUpperCase()], "\r\n")]],
      });
    }
    await fastImport(renormalizing, stream.text);
    const sha = async (ref: string) => (await runFixtureGit({ cwd: renormalizing, args: ["rev-parse", ref] })).trim();
    const pairs = [
      { left: await sha("a.txt-left"), right: await sha("a.txt-right") },
      { left: await sha("b.txt-left"), right: await sha("b.txt-right") },
    ];
    for (const pair of pairs) expect(await gitConflicts({ cwd: renormalizing, check: pair })).toEqual([]);
    const { conflicts, merges } = await readCounted({
      repo: renormalizing,
      checks: pairs,
      isTrusted: true,
      extraConfig: [],
    });
    expect(conflicts).toEqual([[], []]);
    expect(merges).toBe(2);
  });
});
