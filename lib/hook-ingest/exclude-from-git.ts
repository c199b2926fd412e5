import { mkdirSync } from "node:fs";
import path from "node:path";
import { findUnsafeComponent, readTextNoFollow, writeTextNoFollow } from "./guarded-files.ts";

/**
 * Adds a pattern to the repository's `info/exclude` (local, never committed) once. The git dir of
 * a repository that came as an archive can hold links too: a linked `info/exclude` is left alone
 * (false), since the exclusion only keeps `git status` tidy.
 */
export function excludeFromGit(input: { commonDir: string; pattern: string }): boolean {
  const exclude = path.join(input.commonDir, "info", "exclude");
  if (findUnsafeComponent({ root: input.commonDir, file: exclude })) return false;
  const current = readTextNoFollow(exclude) ?? "";
  if (current.split(/\r?\n/).includes(input.pattern)) return true;
  mkdirSync(path.dirname(exclude), { recursive: true });
  if (findUnsafeComponent({ root: input.commonDir, file: exclude })) return false;
  writeTextNoFollow(exclude, `${current}${current === "" || current.endsWith("\n") ? "" : "\n"}${input.pattern}\n`);
  return true;
}
