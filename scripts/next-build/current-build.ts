// The pointer to the build new servers start from, replaced in one rename so a reader sees the old
// pointer or the new one, never a mix.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildPath, type BuildLayout } from "./build-layout.ts";

export interface CurrentBuild {
  build: string;
  /** The newest source file's mtime when the build started: the build holds every change up to it. */
  sourcesAt: number;
  /** The build that was current before (kept by pruning, with the current one). */
  previous: string | null;
}

/** The current build, or null when there is none (first start) or its folder is gone. */
export function readCurrentBuild(layout: BuildLayout): CurrentBuild | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(layout.currentPath, "utf8"));
  } catch {
    return null;
  }
  const current = parseCurrentBuild(parsed);
  return current && existsSync(path.join(buildPath(layout, current.build), "BUILD_ID")) ? current : null;
}

export function parseCurrentBuild(value: unknown): CurrentBuild | null {
  if (typeof value !== "object" || value === null) return null;
  const { build, sourcesAt, previous } = value as Record<string, unknown>;
  if (typeof build !== "string" || !isBuildName(build) || typeof sourcesAt !== "number") return null;
  return { build, sourcesAt, previous: typeof previous === "string" && isBuildName(previous) ? previous : null };
}

/** Swaps a finished build in: servers started from now on use it; running ones keep theirs. */
export function writeCurrentBuild(layout: BuildLayout, current: CurrentBuild): void {
  const temporary = `${layout.currentPath}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(current)}\n`);
  renameSync(temporary, layout.currentPath);
}

/** Whether the current build holds every source change (none is newer than the build's start). */
export function isBuildFresh(current: CurrentBuild | null, newestSourceAt: number): boolean {
  return current !== null && newestSourceAt <= current.sourcesAt;
}

/** A build folder's name (build-layout.ts newBuildName): never a path, never a hidden name. */
export function isBuildName(name: string): boolean {
  return /^\d+-\d+$/.test(name);
}
