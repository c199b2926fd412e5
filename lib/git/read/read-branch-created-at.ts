import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The commit a branch was created at: the new value of its reflog's first line, read from the
 * common dir's files. Null without a reflog (git keeps none when `core.logAllRefUpdates` is off,
 * and a reflog may have been expired): then nobody can say whether the branch ever moved.
 */
export async function readBranchCreatedAt(input: { commonDir: string; branch: string }): Promise<string | null> {
  try {
    const log = await readFile(path.join(input.commonDir, "logs", "refs", "heads", ...input.branch.split("/")), "utf8");
    return log.split("\n")[0]?.split(" ")[1] ?? null;
  } catch {
    return null;
  }
}
