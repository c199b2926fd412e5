// Which build folders pruning removes: every one but the current build, the previous one and those
// a running server still uses.
import type { CurrentBuild } from "./current-build.ts";

export function buildsToRemove(input: {
  folders: readonly string[];
  current: CurrentBuild | null;
  served: ReadonlySet<string>;
}): string[] {
  const kept = new Set([...input.served, ...(input.current ? [input.current.build] : [])]);
  if (input.current?.previous) kept.add(input.current.previous);
  return input.folders.filter((folder) => !kept.has(folder));
}
