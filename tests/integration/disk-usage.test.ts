// measureDiskUsage on a real folder: allocated blocks, each inode once, symlinks as themselves, dependency
// folders found at any depth (the outermost one counts what is nested in it), the entry limit marked partial.
import { linkSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureDiskUsage } from "@/lib/worktrees/tidy/disk-usage.ts";

let root = "";
const onDisk = (...parts: string[]) => lstatSync(path.join(root, ...parts)).blocks * 512;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "arbor-du-"));
  const write = (relative: string, size: number) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), Buffer.alloc(size, 120));
  };
  write(".git", 50);
  write("src/app.ts", 10_000);
  write("node_modules/a/index.js", 70_000);
  write("node_modules/a/node_modules/b/index.js", 9_000);
  write("packages/web/.venv/lib/site.py", 20_000);
  linkSync(path.join(root, "node_modules/a/index.js"), path.join(root, "node_modules/a/node_modules/b/same-file.js"));
  writeFileSync(path.join(os.tmpdir(), `arbor-du-outside-${path.basename(root)}`), Buffer.alloc(3_000_000, 1));
  symlinkSync(path.join(os.tmpdir(), `arbor-du-outside-${path.basename(root)}`), path.join(root, "src/big-link"));
  symlinkSync("/usr", path.join(root, "node_modules/usr-link"));
});

afterAll(() => {
  rmSync(path.join(os.tmpdir(), `arbor-du-outside-${path.basename(root)}`), { force: true });
  rmSync(root, { recursive: true, force: true });
});

describe("measureDiskUsage", () => {
  it("counts blocks on disk, each inode once, symlinks not followed, .git left out", async () => {
    const usage = await measureDiskUsage(root);
    const nodeModules =
      onDisk("node_modules") +
      onDisk("node_modules/a") +
      onDisk("node_modules/a/index.js") +
      onDisk("node_modules/a/node_modules") +
      onDisk("node_modules/a/node_modules/b") +
      onDisk("node_modules/a/node_modules/b/index.js") +
      onDisk("node_modules/usr-link");
    const venv =
      onDisk("packages/web/.venv") + onDisk("packages/web/.venv/lib") + onDisk("packages/web/.venv/lib/site.py");
    const rest =
      onDisk("src") + onDisk("src/app.ts") + onDisk("src/big-link") + onDisk("packages") + onDisk("packages/web");
    expect(usage.isPartial).toBe(false);
    expect(usage.dependencies.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: "node_modules", bytes: nodeModules, repository: null },
      { path: "packages/web/.venv", bytes: venv, repository: null },
    ]);
    // b/same-file.js is a hard link to a/index.js: one inode, counted once.
    expect(usage.bytes).toBe(nodeModules + venv + rest);
    expect(usage.bytes).toBeLessThan(3_000_000);
  });

  it("stops at the entry limit and says the figures are lower bounds", async () => {
    const usage = await measureDiskUsage(root, { maxEntries: 3, concurrency: 1 });
    expect(usage.isPartial).toBe(true);
    expect(usage.bytes).toBeGreaterThan(0);
  });
});
