import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import {
  hookCoverage,
  summarizeHookStatus,
  type HookStatusScope,
  type WorktreeHookStatus,
} from "@/lib/hook-events/settings-file/hook-status.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { ARBOR_MARKER } from "./apply-hook-plan.ts";
import { readTextNoFollow } from "./guarded-files.ts";
import { userSettingsFile } from "./hook-targets.ts";

/**
 * Whether Arbor's hooks are installed for a pinned worktree, per settings scope Claude Code reads
 * there (GET /api/hooks/status). Files inside the worktree are read without following a link (the
 * repository controls them); one that cannot be read counts as unreadable, never as installed.
 */
export async function readWorktreeHookStatus(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<WorktreeHookStatus> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const files: Array<{ scope: HookStatusScope; file: string; read: (file: string) => string | null }> = [
    { scope: "user", file: userSettingsFile(), read: (file) => (existsSync(file) ? readFileSync(file, "utf8") : null) },
    { scope: "project", file: path.join(worktree.path, ".claude", "settings.json"), read: readTextNoFollow },
    { scope: "local", file: path.join(worktree.path, ".claude", "settings.local.json"), read: readTextNoFollow },
  ];
  return summarizeHookStatus(
    files.map(({ scope, file, read }) => {
      let text: string | null;
      try {
        text = read(file);
      } catch {
        return { scope, file, coverage: "unreadable" as const };
      }
      return { scope, file, coverage: hookCoverage({ text, marker: ARBOR_MARKER, fileLabel: file }) };
    }),
  );
}
