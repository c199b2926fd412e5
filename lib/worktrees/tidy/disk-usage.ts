import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { DEPENDENCY_FOLDER_NAMES } from "@/lib/worktrees/dependency-folder-check.ts";
import type { DependencyFolder } from "@/lib/worktrees/ship-types.ts";

export interface DiskUsage {
  /** Bytes on disk (allocated blocks) under the folder, each inode once. */
  bytes: number;
  /** The walk stopped at `maxEntries`: the figures are lower bounds. */
  isPartial: boolean;
  /** Top-most dependency folders found (node_modules inside node_modules counts in the outer one). */
  dependencies: DependencyFolder[];
}

/**
 * Measures a worktree's disk use and its dependency folders with async fs calls only (`concurrency`
 * folders at a time, at most `maxEntries`). Symlinks are not followed; hard links count once per
 * inode; a `.git` inside a dependency folder marks a nested repository; the worktree's own `.git`
 * and the absolute `skip` folders (nested worktrees) are left out; unreadable entries are skipped.
 */
export async function measureDiskUsage(
  root: string,
  options: { maxEntries?: number; concurrency?: number; skip?: readonly string[] } = {},
): Promise<DiskUsage> {
  const maxEntries = options.maxEntries ?? 2_000_000;
  const skipped = new Set(options.skip ?? []);
  const concurrency = options.concurrency ?? 8;
  // Inode numbers per device, as numbers: a pnpm worktree hard-links every file, and a walk may see millions.
  const seenInodes = new Map<number, Set<number>>();
  const isFirstLink = (dev: number, ino: number) => {
    let seen = seenInodes.get(dev);
    if (!seen) seenInodes.set(dev, (seen = new Set()));
    if (seen.has(ino)) return false;
    seen.add(ino);
    return true;
  };
  const dependencyBytes = new Map<string, number>();
  const repositories = new Map<string, string>();
  const queue: Array<{ absolute: string; relative: string; dependency: string | null }> = [
    { absolute: root, relative: "", dependency: null },
  ];
  let bytes = 0;
  let entries = 0;
  let isPartial = false;
  let active = 0;

  const add = (size: number, dependency: string | null) => {
    bytes += size;
    if (dependency !== null) dependencyBytes.set(dependency, (dependencyBytes.get(dependency) ?? 0) + size);
  };

  const visit = async (folder: (typeof queue)[number]) => {
    let names: string[];
    try {
      names = await readdir(folder.absolute);
    } catch {
      return;
    }
    for (const name of names) {
      if (folder.relative === "" && name === ".git") continue;
      if (entries >= maxEntries) {
        isPartial = true;
        return;
      }
      entries += 1;
      const absolute = path.join(folder.absolute, name);
      if (skipped.has(absolute)) continue;
      const relative = folder.relative === "" ? name : `${folder.relative}/${name}`;
      if (name === ".git" && folder.dependency !== null && !repositories.has(folder.dependency))
        repositories.set(folder.dependency, folder.relative);
      let stats;
      try {
        stats = await lstat(absolute, { bigint: false });
      } catch {
        continue;
      }
      if (stats.nlink > 1 && !stats.isDirectory() && !isFirstLink(stats.dev, stats.ino)) continue;
      if (stats.isDirectory()) {
        const dependency = folder.dependency ?? (DEPENDENCY_FOLDER_NAMES.has(name) ? relative : null);
        if (dependency !== null && !dependencyBytes.has(dependency)) dependencyBytes.set(dependency, 0);
        add(stats.blocks * 512, dependency);
        queue.push({ absolute, relative, dependency });
      } else {
        add(stats.blocks * 512, folder.dependency);
      }
    }
  };

  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < concurrency && queue.length > 0 && !isPartial) {
        const next = queue.shift();
        if (!next) break;
        active += 1;
        visit(next).then(() => {
          active -= 1;
          pump();
        }, reject);
      }
      if (isPartial && active === 0) resolve();
    };
    pump();
  });

  return {
    bytes,
    isPartial,
    dependencies: [...dependencyBytes].map(([folder, size]) => ({
      path: folder,
      bytes: size,
      repository: repositories.get(folder) ?? null,
    })),
  };
}
