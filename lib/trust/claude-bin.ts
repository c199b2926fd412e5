import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { ClaudeCommand } from "@/lib/agent/run-claude.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { listIndexedWorktrees, type WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/** What finding the claude binary touches: the database and the pinned worktrees (none may hold it). */
type ClaudeBinParts = { db: Db; worktreeIndex: WorktreeIndex };
import { findExecutable, isExecutableFile } from "@/lib/process-host/resolve-executable.ts";
import type { ClaudeBinView, Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";
import { NOTIFICATIONS_TOPIC, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { readSettings, updateSettings, type SettingsParts } from "@/lib/settings/settings-store.ts";

/**
 * Which `claude` runs is Arbor's choice, never a repository's or another account's. A bare name is
 * looked up in Arbor's PATH, absolute entries only and none inside a pinned repository (e.g. a
 * direnv `node_modules/.bin`); a binary inside one is refused even by absolute path. The program
 * and every folder above it (as given and real) must be owned by Arbor's user or root and not
 * writable by others (sticky folders aside), like OpenSSH's StrictModes. A saved path is resolved
 * once and stored; the default `claude` is resolved at each run.
 */
export function resolveClaudeBinPath(input: {
  name: string;
  pathValue: string | undefined;
  excludedRoots: readonly string[];
}): { path: string; problem: null } | { path: null; problem: string } {
  const name = input.name.trim();
  const isSkipped = (directory: string) => input.excludedRoots.some((root) => isInside({ root, target: directory }));
  const found = findExecutable({ name, pathValue: input.pathValue, isSkipped });
  if (!found) {
    const problem = name.includes("/")
      ? path.isAbsolute(name)
        ? `${name} does not exist or is not an executable file.`
        : `"${name}" is a relative path; give an absolute path or a command name on Arbor's PATH.`
      : `"${name}" was not found on Arbor's PATH (only absolute entries outside pinned repositories are searched). Give an absolute path, or install Claude Code with \`npm install -g @anthropic-ai/claude-code\`.`;
    return { path: null, problem };
  }
  const inside = [found, safeRealpath(found)].flatMap((candidate) =>
    input.excludedRoots.filter((root) => isInside({ root, target: candidate })),
  );
  if (inside.length > 0) {
    return {
      path: null,
      problem: `${found} is inside the pinned repository folder ${inside[0]}, whose files are the repository's to change. Install Claude Code outside it.`,
    };
  }
  const unsafe = findUnsafeOwner(found);
  return unsafe ? { path: null, problem: unsafe } : { path: found, problem: null };
}

function safeRealpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Saves settings (PUT /api/settings); a claudeBin is resolved and refused (422) when nothing safe is found. */
export async function saveSettings(
  { db, hub, settingsCache, worktreeIndex }: SettingsParts & ClaudeBinParts & { hub: EventHub },
  patch: SettingsPatch,
): Promise<{ settings: Settings; claude: ClaudeBinView }> {
  const saved = await saveResolvedSettings({ db, settingsCache, worktreeIndex }, patch);
  // Every open tab follows at once (quiet mode, the notification switches, the silence warning).
  hub.publish(NOTIFICATIONS_TOPIC, { type: "invalidate", queryKey: queryKeys.settings() });
  return saved;
}

async function saveResolvedSettings(
  parts: SettingsParts & ClaudeBinParts,
  patch: SettingsPatch,
): Promise<{ settings: Settings; claude: ClaudeBinView }> {
  if (patch.claudeBin === undefined) return withClaudeView(parts, await updateSettings(parts, patch));
  const resolved = resolveClaudeBinPath({
    name: patch.claudeBin,
    pathValue: process.env.PATH,
    excludedRoots: await listPinnedRoots(parts),
  });
  if (resolved.problem !== null) {
    throw new AppError("invalid_input", resolved.problem, {
      details: { issues: [{ path: "claudeBin", message: resolved.problem }] },
    });
  }
  const settings = await updateSettings(parts, { ...patch, claudeBinPath: resolved.path });
  return { settings, claude: { path: resolved.path, problem: null } };
}

/** GET /api/settings: the settings and the claude binary a run would start now. */
export async function readSettingsWithClaude(
  parts: ClaudeBinParts,
): Promise<{ settings: Settings; claude: ClaudeBinView }> {
  return withClaudeView(parts, await readSettings(parts.db));
}

/**
 * The command for a run: the path resolved when the setting was saved (checked again: it may have
 * been removed or made writable since), or the setting resolved now when it never was saved. When
 * nothing safe is found the run reports claude_not_found with the reason, without starting anything.
 */
export async function resolveClaudeCommand(parts: ClaudeBinParts, settings: Settings): Promise<ClaudeCommand> {
  const view = await describeClaudeBin(parts, settings);
  return view.path !== null ? { bin: view.path, problem: null } : { bin: settings.claudeBin, problem: view.problem };
}

async function withClaudeView(
  parts: ClaudeBinParts,
  settings: Settings,
): Promise<{ settings: Settings; claude: ClaudeBinView }> {
  return { settings, claude: await describeClaudeBin(parts, settings) };
}

async function describeClaudeBin(parts: ClaudeBinParts, settings: Settings): Promise<ClaudeBinView> {
  const excludedRoots = await listPinnedRoots(parts);
  if (settings.claudeBinPath === null) {
    return resolveClaudeBinPath({ name: settings.claudeBin, pathValue: process.env.PATH, excludedRoots });
  }
  if (!isExecutableFile(settings.claudeBinPath)) {
    return {
      path: null,
      problem: `${settings.claudeBinPath} is gone or no longer executable. Save the Claude binary setting again.`,
    };
  }
  // Checked again as saved: a repository pinned since, or permissions changed since, may make it unsafe.
  return resolveClaudeBinPath({ name: settings.claudeBinPath, pathValue: undefined, excludedRoots });
}

/** Every pinned repository's worktrees and git dir (real paths): their content is the repository's. */
async function listPinnedRoots(parts: ClaudeBinParts): Promise<string[]> {
  const { db } = parts;
  const [worktrees, repos] = await Promise.all([
    listIndexedWorktrees(parts),
    db.repo.findMany({ where: { pins: { some: {} } }, select: { commonDir: true, rootPath: true } }),
  ]);
  return [
    ...new Set([
      ...worktrees.flatMap((worktree) => [worktree.path, worktree.listedPath]),
      ...repos.flatMap((repo) => [repo.commonDir, repo.rootPath]),
    ]),
  ];
}

/** Why `file` (or a folder above it, before and after links) could be changed by another account, or null. */
function findUnsafeOwner(file: string): string | null {
  const uid = process.getuid?.() ?? 0;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return `${file} cannot be resolved.`;
  }
  for (const target of new Set([file, real])) {
    for (let current = target; ; current = path.dirname(current)) {
      const stats = statSync(current);
      if (stats.uid !== uid && stats.uid !== 0)
        return `${current} belongs to another user (uid ${stats.uid}); Arbor only runs a claude that its own user or root owns.`;
      const isStickyFolder = stats.isDirectory() && (stats.mode & 0o1000) !== 0;
      if ((stats.mode & 0o002) !== 0 && !isStickyFolder)
        return `${current} is writable by every user, so anyone could replace the claude binary. Fix its permissions or pick another binary.`;
      if (path.dirname(current) === current) break;
    }
  }
  return null;
}

function isInside({ root, target }: { root: string; target: string }): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
