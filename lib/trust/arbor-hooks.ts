import path from "node:path";
import { asObject } from "@/lib/agent/stream/json-fields.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import { arborHookHandler } from "@/lib/hook-ingest/apply-hook-plan.ts";
import { readTextNoFollow } from "@/lib/hook-ingest/guarded-files.ts";
import { hookFiles } from "@/lib/hook-ingest/hook-files.ts";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { stableStringify } from "./raw-finding.ts";

/**
 * A predicate that is true only for a handler exactly as Arbor writes it for this data directory
 * (same command, same timeout, nothing else): such a handler runs Arbor's own script, so it is
 * not the repository's to be trusted, and installing Arbor's hooks does not ask again. A look-alike
 * (another path, an extra argument, the marker inside a longer command) is the repository's.
 */
export function createArborHandlerCheck(dataDir = getConfig().dataDir): (handler: unknown) => boolean {
  const scriptPath = hookFiles(dataDir).scriptPath;
  const known = new Set(ARBOR_HOOK_EVENTS.map((event) => stableStringify(arborHookHandler({ scriptPath, event }))));
  return (handler) => asObject(handler) !== null && known.has(stableStringify(handler));
}

/**
 * The `--settings` JSON that gives an untrusted run Arbor's own hooks when the worktree has them
 * installed in `.claude/settings.local.json` (which the run no longer reads), so the timeline and
 * policies keep working; null when they are not installed there. Verified with Claude Code 2.1.197:
 * hooks passed with `--settings` still run under `--setting-sources user`.
 */
export function arborHooksForUntrustedRun(input: { worktreePath: string; dataDir?: string }): string | null {
  const dataDir = input.dataDir ?? getConfig().dataDir;
  const isArbor = createArborHandlerCheck(dataDir);
  let text: string | null;
  try {
    text = readTextNoFollow(path.join(input.worktreePath, ".claude", "settings.local.json"));
  } catch {
    return null;
  }
  if (text === null || !hasArborHandler({ text, isArbor })) return null;
  const scriptPath = hookFiles(dataDir).scriptPath;
  const hooks = Object.fromEntries(
    ARBOR_HOOK_EVENTS.map((event) => [event, [{ hooks: [arborHookHandler({ scriptPath, event })] }]]),
  );
  return JSON.stringify({ hooks });
}

function hasArborHandler(input: { text: string; isArbor: (handler: unknown) => boolean }): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return false;
  }
  const hooks = asObject(asObject(parsed)?.hooks);
  return Object.values(hooks ?? {}).some(
    (groups) =>
      Array.isArray(groups) &&
      groups.some((group) => {
        const handlers = asObject(group)?.hooks;
        return Array.isArray(handlers) && handlers.some((handler) => input.isArbor(handler));
      }),
  );
}
