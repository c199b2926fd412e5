import type { Db } from "@/lib/db/client.ts";
import { resolveRepository } from "@/lib/git/read/resolve-repository.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { invalidateWorktreeIndex, type WorktreeIndex } from "./worktree-index.ts";

/**
 * Pins the repository that contains `path` (any worktree or subdirectory of it). A
 * repository is identified by its git common dir on this instance's machine, so pinning a second
 * worktree of the same repository updates the existing pin instead of adding one; the same path on
 * another instance's machine is another repository.
 */
export async function pinRepository(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { path: string; label?: string | null },
): Promise<{ pinId: string; isNew: boolean }> {
  const repository = await resolveRepository(input.path);
  const { id: instanceId } = await getLocalInstance(db);
  const now = new Date();
  const repo = await db.repo.upsert({
    where: { instanceId_commonDir: { instanceId, commonDir: repository.commonDir } },
    create: { instanceId, commonDir: repository.commonDir, rootPath: repository.rootPath, name: repository.name },
    update: { rootPath: repository.rootPath, name: repository.name },
  });
  const existing = await db.repoPin.findUnique({ where: { repoId: repo.id } });
  const label = input.label?.trim() ? input.label.trim() : null;
  const pin = await db.repoPin.upsert({
    where: { repoId: repo.id },
    create: { repoId: repo.id, localPath: repository.rootPath, label, lastUsedAt: now },
    update: { lastUsedAt: now, ...(label !== null ? { label } : {}) },
  });
  invalidateWorktreeIndex(worktreeIndex);
  return { pinId: pin.id, isNew: existing === null };
}
