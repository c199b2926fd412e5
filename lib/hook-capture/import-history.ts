import { readdirSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import type { Db } from "@/lib/db/client.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { projectSlugForPath } from "@/lib/hooks/project-slug.ts";
import { ingestTranscript } from "./ingest-transcript.ts";

/**
 * "Import history": reads the past sessions Claude Code stored for a worktree
 * (`<config dir>/projects/<slug>/*.jsonl`, slug = the worktree's real path with every
 * non-alphanumeric character replaced by `-`) into relays. Incremental like live ingest,
 * so importing twice adds nothing.
 */
export async function importWorktreeHistory(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<{ sessions: number; relays: number; folder: string }> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const folder = path.join(getConfig().claudeConfigDir, "projects", projectSlugForPath(await realpath(worktree.path)));
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return { sessions: 0, relays: 0, folder };
  }
  let relays = 0;
  for (const name of files) {
    relays += await ingestTranscript(db, {
      path: path.join(folder, name),
      sessionId: name.slice(0, -".jsonl".length),
      repoId: input.repoId,
      worktreePath: worktree.path,
      cwd: worktree.path,
    });
  }
  return { sessions: files.length, relays, folder };
}
