// copySetupFiles on real folders: what a new worktree gets from the main worktree, and what it is
// refused (with the reason) when the main worktree holds something no plain copy should take.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  ftruncateSync,
  lstatSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyOpenFile } from "@/lib/worktrees/setup/copy-open-file.ts";
import { copySetupFiles } from "@/lib/worktrees/setup/copy-setup-files.ts";

let root = "";
let mainPath = "";
let worktreePath = "";

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "arbor-copy-"));
  mainPath = path.join(root, "main");
  worktreePath = path.join(root, "new");
  mkdirSync(path.join(mainPath, ".git"), { recursive: true });
  mkdirSync(worktreePath);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("copySetupFiles", () => {
  it("refuses a file too big to copy, even a sparse one that takes no disk, and copies the rest", async () => {
    writeFileSync(path.join(mainPath, ".env"), "A=1\n", { mode: 0o600 });
    const sparse = openSync(path.join(mainPath, "dev.sqlite"), "w");
    ftruncateSync(sparse, 4 * 1024 ** 3);
    closeSync(sparse);

    const copies = await copySetupFiles({ mainPath, worktreePath, files: ["dev.sqlite", ".env"] });

    expect(copies).toEqual([
      {
        path: "dev.sqlite",
        status: "refused",
        reason: "it is 4.0 GB, and a setup copies at most 1.0 GB in all; copy it by hand, or leave it out of the list",
      },
      { path: ".env", status: "copied", reason: null },
    ]);
    expect(existsSync(path.join(worktreePath, "dev.sqlite"))).toBe(false);
    expect(readFileSync(path.join(worktreePath, ".env"), "utf8")).toBe("A=1\n");
    expect(statSync(path.join(worktreePath, ".env")).mode & 0o777).toBe(0o600);
  });

  it("refuses a named pipe or a folder at once, saying what it is", async () => {
    execFileSync("mkfifo", [path.join(mainPath, "pipe")]);
    mkdirSync(path.join(mainPath, "config"));

    const copies = await copySetupFiles({ mainPath, worktreePath, files: ["pipe", "config"] });

    expect(copies).toEqual([
      {
        path: "pipe",
        status: "refused",
        reason: "it is a named pipe (FIFO), not a regular file; only regular files are copied",
      },
      { path: "config", status: "refused", reason: "it is a folder, and folders are not copied: list the files in it" },
    ]);
    expect(existsSync(path.join(worktreePath, "pipe"))).toBe(false);
  });

  it("says a pattern is not expanded, and a loop of links is a loop", async () => {
    writeFileSync(path.join(mainPath, ".env.local"), "B=2\n");
    symlinkSync("loop-b", path.join(mainPath, "loop-a"));
    symlinkSync("loop-a", path.join(mainPath, "loop-b"));

    const copies = await copySetupFiles({ mainPath, worktreePath, files: [".env.*", "loop-a/.env"] });

    expect(copies).toEqual([
      {
        path: ".env.*",
        status: "skipped",
        reason:
          "it is not in the main worktree (paths are copied as written: patterns such as * are not expanded, so list each file)",
      },
      {
        path: "loop-a/.env",
        status: "refused",
        reason: "a folder on its way is a symbolic link that leads back to itself (a loop); list a real path",
      },
    ]);
  });

  it("refuses the file opened when a folder on its way became a link after the file was checked", async () => {
    mkdirSync(path.join(mainPath, "config"));
    writeFileSync(path.join(mainPath, "config", ".env"), "A=1\n");
    const outside = path.join(root, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, ".env"), "SECRET=someone else's\n");
    // What copySetupFiles checked (the file at its real path), then the swap before the open.
    const checked = lstatSync(path.join(mainPath, "config", ".env"));
    renameSync(path.join(mainPath, "config"), path.join(mainPath, "config-before"));
    symlinkSync(outside, path.join(mainPath, "config"));

    const copy = await copyOpenFile({
      source: path.join(mainPath, "config", ".env"),
      target: path.join(worktreePath, ".env"),
      file: "config/.env",
      budget: 1024,
      expected: checked,
    });

    expect(copy).toEqual({
      path: "config/.env",
      status: "refused",
      reason:
        "a folder on its way changed while it was being copied (the file opened is not the one checked in the main worktree); nothing was copied, try again",
      bytes: 0,
    });
    expect(existsSync(path.join(worktreePath, ".env"))).toBe(false);
  });
});
