import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listFilesBelow } from "./list-files-below.ts";
import { readLoadedFile, readLoadedFolder } from "./read-loaded-file.ts";
import { sha256Hex } from "./read-source-file.ts";

let root: string;
let worktree: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "arbor-trust-links-")));
  worktree = path.join(root, "wt");
  mkdirSync(path.join(worktree, ".claude"), { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const read = (relativePath: string) => readLoadedFile({ worktree, realWorktree: worktree, relativePath });
const readFolder = (relativePath: string) => readLoadedFolder({ worktree, realWorktree: worktree, relativePath });

/** Replaces `.claude` in the worktree with a link to `target`. */
function linkClaude(target: string): void {
  rmSync(path.join(worktree, ".claude"), { recursive: true, force: true });
  symlinkSync(target, path.join(worktree, ".claude"));
}

describe("readLoadedFile", () => {
  it("reads a file at its own path with no link, and nothing where there is nothing", async () => {
    writeFileSync(path.join(worktree, ".claude", "settings.json"), "{}");
    expect(await read(".claude/settings.json")).toEqual({
      read: { kind: "text", text: "{}", sha256: sha256Hex("{}") },
      link: null,
    });
    expect(await read(".mcp.json")).toBeNull();
  });

  it("reads through a linked .claude, naming where the file really is", async () => {
    const shared = path.join(root, "shared");
    mkdirSync(shared);
    writeFileSync(path.join(shared, "settings.json"), '{"env":{}}');
    linkClaude(shared);
    expect(await readFolder(".claude")).toEqual({
      read: { kind: "folder" },
      link: { target: shared, realPath: shared },
    });
    expect(await read(".claude/settings.json")).toMatchObject({
      read: { kind: "text", text: '{"env":{}}' },
      link: { target: null, realPath: path.join(shared, "settings.json") },
    });
  });

  it("names a target inside the worktree relative to it, so every worktree with the same link agrees", async () => {
    mkdirSync(path.join(worktree, "config"));
    writeFileSync(path.join(worktree, "config", "mcp.json"), "{}");
    symlinkSync("config/mcp.json", path.join(worktree, ".mcp.json"));
    expect((await read(".mcp.json"))?.link).toEqual({ target: "config/mcp.json", realPath: "config/mcp.json" });
  });

  it("reports a dangling link and a loop as leading nowhere", async () => {
    symlinkSync(path.join(root, "missing.json"), path.join(worktree, ".mcp.json"));
    expect(await read(".mcp.json")).toEqual({
      read: { kind: "nowhere" },
      link: { target: path.join(root, "missing.json"), realPath: null },
    });
    symlinkSync("b.json", path.join(worktree, ".claude", "a.json"));
    symlinkSync("a.json", path.join(worktree, ".claude", "b.json"));
    expect((await read(".claude/a.json"))?.read).toEqual({ kind: "nowhere" });
  });

  it("does not read a device or a FIFO behind a link (it would never end, or block)", async () => {
    symlinkSync("/dev/zero", path.join(worktree, ".claude", "settings.json"));
    expect((await read(".claude/settings.json"))?.read).toEqual({ kind: "special" });
    const fifo = path.join(root, "fifo");
    execFileSync("mkfifo", [fifo]);
    symlinkSync(fifo, path.join(worktree, ".claude", "settings.local.json"));
    expect((await read(".claude/settings.local.json"))?.read).toEqual({ kind: "special" });
  });

  it("does not follow a link through /proc, where Claude Code would see other files than Arbor", async () => {
    symlinkSync("/proc/self/environ", path.join(worktree, ".mcp.json"));
    expect((await read(".mcp.json"))?.read).toEqual({ kind: "per-process" });
    // /dev/stdin leads to /proc/self/fd/0: found while the links are followed, not by the name.
    symlinkSync("/dev/stdin", path.join(worktree, ".claude", "settings.json"));
    expect((await read(".claude/settings.json"))?.read).toEqual({ kind: "per-process" });
    linkClaude(`/proc/self/cwd/${path.relative("/", root)}`);
    expect(await readFolder(".claude")).toMatchObject({ read: { kind: "per-process" }, link: { realPath: null } });
  });

  it("hashes a large file behind a link without showing it", async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, "a");
    writeFileSync(path.join(root, "big.json"), big);
    symlinkSync(path.join(root, "big.json"), path.join(worktree, ".mcp.json"));
    expect((await read(".mcp.json"))?.read).toEqual({ kind: "too-large", size: big.length, sha256: sha256Hex(big) });
  });
});

describe("listFilesBelow", () => {
  it("descends into a linked folder, stops a loop at the depth, and returns a link through /proc", async () => {
    const elsewhere = path.join(root, "skills-elsewhere", "helper");
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(path.join(elsewhere, "SKILL.md"), "---\nhooks: {}\n---\n");
    mkdirSync(path.join(worktree, ".claude", "skills"));
    symlinkSync(elsewhere, path.join(worktree, ".claude", "skills", "helper"));
    symlinkSync("..", path.join(worktree, ".claude", "skills", "loop"));
    symlinkSync("/proc/self/cwd", path.join(worktree, ".claude", "skills", "proc"));
    const found = await listFilesBelow({
      root: worktree,
      dir: ".claude/skills",
      depth: 3,
      limit: 200,
      accept: (relative) => relative.endsWith(".md"),
    });
    expect(found).toEqual([
      ".claude/skills/helper/SKILL.md",
      ".claude/skills/loop/skills/helper/SKILL.md",
      ".claude/skills/loop/skills/proc",
      ".claude/skills/proc",
    ]);
  });
});
