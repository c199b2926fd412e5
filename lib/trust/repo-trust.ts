import type { ClaudeCommand } from "@/lib/agent/run-claude.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { arborHooksForUntrustedRun } from "./arbor-hooks.ts";
import { resolveClaudeCommand } from "./claude-bin.ts";
import { inspectRepository, type InspectedRepository } from "./inspect-repository.ts";
import type { Inspection, TrustStatus, TrustView } from "./trust-types.ts";

/**
 * The repository's trust state right now: the current inspection compared with the one the user
 * trusted. `changed` (anything shown differs) counts as untrusted until the user confirms again.
 */
export async function readTrustView(db: Db, repoId: string): Promise<TrustView> {
  const [current, stored] = await Promise.all([
    inspectRepository(db, repoId),
    db.repoTrust.findUnique({ where: { repoId } }),
  ]);
  return toView({ repoId, current, stored });
}

/**
 * True only when the repository shows exactly what the user trusted (what every run checks at its
 * start). A repository that cannot be inspected (gone, unreadable) is not trusted: the run then goes
 * ahead without the project's settings rather than failing.
 */
export async function isRepositoryTrusted(db: Db, repoId: string): Promise<boolean> {
  const stored = await db.repoTrust.findUnique({ where: { repoId } });
  if (!stored) return false;
  try {
    const current = await inspectRepository(db, repoId);
    return current.digest === stored.digest && current.unknowable.length === 0;
  } catch (error) {
    console.warn(`[arbor] could not inspect repository ${repoId}, running without its settings: ${String(error)}`);
    return false;
  }
}

/**
 * Trusts the repository as inspected now, but only when `digest` is the digest of that
 * inspection: the user trusts what they were shown, never something that changed since. Throws
 * conflict (409) with the new view in `details.trust` otherwise.
 */
export async function trustRepository(db: Db, input: { repoId: string; digest: string }): Promise<TrustView> {
  const current = await inspectRepository(db, input.repoId);
  if (current.unknowable.length > 0) {
    throw new AppError(
      "conflict",
      `Arbor cannot read ${current.unknowable.join(", ")} (a FIFO, a device or a link through /proc), so it cannot tell what Claude Code would load from there. Replace each with a regular file or remove it, then trust again.`,
    );
  }
  if (current.digest !== input.digest) {
    const stored = await db.repoTrust.findUnique({ where: { repoId: input.repoId } });
    throw new AppError(
      "conflict",
      "What this repository would run changed since you looked. Review the new list, then trust it again.",
      { details: { trust: toView({ repoId: input.repoId, current, stored }) } },
    );
  }
  const data = { digest: current.digest, inspection: JSON.stringify(current.inspection), trustedAt: new Date() };
  const stored = await db.repoTrust.upsert({
    where: { repoId: input.repoId },
    create: { repoId: input.repoId, ...data },
    update: data,
  });
  return toView({ repoId: input.repoId, current, stored });
}

/** Forgets the trust decision: the repository's settings are off again from the next run. */
export async function revokeTrust(db: Db, repoId: string): Promise<TrustView> {
  await db.repoTrust.deleteMany({ where: { repoId } });
  return readTrustView(db, repoId);
}

function toView(input: {
  repoId: string;
  current: InspectedRepository;
  stored: { digest: string; inspection: string; trustedAt: Date } | null;
}): TrustView {
  const { current, stored } = input;
  const isSame = stored?.digest === current.digest && current.unknowable.length === 0;
  const status: TrustStatus = !stored ? "untrusted" : isSame ? "trusted" : "changed";
  const trustedIds = new Set(readStoredInspection(stored?.inspection)?.findings.map((finding) => finding.id) ?? []);
  return {
    repoId: input.repoId,
    status,
    digest: current.digest,
    inspection: current.inspection,
    trustedAt: stored?.trustedAt.toISOString() ?? null,
    newFindingIds:
      status === "changed"
        ? current.inspection.findings.filter((finding) => !trustedIds.has(finding.id)).map((finding) => finding.id)
        : [],
  };
}

function readStoredInspection(text: string | undefined): Inspection | null {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as Inspection;
  } catch {
    return null;
  }
}

/**
 * What a conversation asks of trust before it starts `claude`, on the runtime context as `trust`:
 * lib/chat reaches trust only through it.
 */
export interface TrustPort {
  /** Whether the repository shows exactly what the user trusted (isRepositoryTrusted). */
  isTrusted(repoId: string): Promise<boolean>;
  /** The `claude` a run starts: the Settings' binary resolved safely (never one inside a pinned worktree). */
  claudeCommand(settings: Settings): Promise<ClaudeCommand>;
  /** Arbor's own hooks as `--settings` JSON for a run without the project's settings; null when not installed. */
  arborHooksFor(worktreePath: string): string | null;
}

export function createTrustPort(ctx: { db: Db; worktreeIndex: WorktreeIndex }): TrustPort {
  return {
    isTrusted: (repoId) => isRepositoryTrusted(ctx.db, repoId),
    claudeCommand: (settings) => resolveClaudeCommand(ctx, settings),
    arborHooksFor: (worktreePath) => arborHooksForUntrustedRun({ worktreePath }),
  };
}
