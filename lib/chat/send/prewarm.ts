import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { WarmPool } from "@/lib/agent/warm-pool.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getCachedEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { planConversation, warmLimitsOf } from "@/lib/chat/runs/conversation-plan.ts";
import { isSessionLocal } from "@/lib/team/ownership.ts";
import type { TrustPort } from "@/lib/trust/repo-trust.ts";

/**
 * The user opened a worktree's chat or started typing: keep a `claude` booted for its next send,
 * so Send only has to write a line. Nothing is warmed when warm CLIs are off, the worktree is gone
 * or already busy (its next run starts when this one ends), or the session is archived.
 */
export async function prewarmSession(
  ctx: {
    db: Db;
    settingsCache: SettingsCache;
    runs: RunManager;
    warmPool: WarmPool;
    trust: TrustPort;
    approvals: ApprovalsPort;
  },
  input: { sessionId: string },
): Promise<{ status: "warm" | "started" | "skipped"; reason: string | null }> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "No such conversation; reload the page.");
  if (!(await isSessionLocal(db, session.id)))
    return { status: "skipped", reason: "the worktree belongs to another Arbor instance" };
  const settings = await getCachedEffectiveSettings(ctx, session.repoId);
  if (settings.warmCliMax === 0) return { status: "skipped", reason: "warm CLIs are off in Settings" };
  if (session.status !== "active") return { status: "skipped", reason: "the conversation is archived" };
  if (!existsSync(session.worktreePath)) return { status: "skipped", reason: "the worktree directory is gone" };
  if (ctx.runs.stateOf(session.worktreePath) !== "idle") return { status: "skipped", reason: "a run is active" };
  const plan = await planConversation(ctx, {
    repoId: session.repoId,
    worktreePath: session.worktreePath,
    settings,
  });
  const { isNew } = ctx.warmPool.keep({
    worktreePath: session.worktreePath,
    key: plan.key,
    limits: warmLimitsOf(settings),
    start: () => {
      const claudeSessionId = randomUUID();
      return { conversation: plan.start(claudeSessionId), claudeSessionId };
    },
  });
  return { status: isNew ? "started" : "warm", reason: null };
}
