import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Adds a pattern to the repository's `info/exclude` (local, never committed) once. */
export function excludeFromGit(input: { commonDir: string; pattern: string }): void {
  const exclude = path.join(input.commonDir, "info", "exclude");
  const current = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  if (current.split(/\r?\n/).includes(input.pattern)) return;
  mkdirSync(path.dirname(exclude), { recursive: true });
  appendFileSync(exclude, `${current === "" || current.endsWith("\n") ? "" : "\n"}${input.pattern}\n`);
}
