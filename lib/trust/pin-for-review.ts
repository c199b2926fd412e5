import type { Db } from "@/lib/db/client.ts";
import { listPins } from "@/lib/pins/list-pins.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import { readTrustView } from "./repo-trust.ts";
import type { TrustView } from "./trust-types.ts";

/**
 * Pins the repository containing `path` and inspects it at once, so the page can show the trust
 * step (what the repository would run) right after pinning. Pinning never trusts.
 */
export async function pinRepositoryForReview(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { path: string; label?: string | null },
): Promise<{ pin: PinView | undefined; isNew: boolean; trust: TrustView }> {
  const { pinId, isNew } = await pinRepository({ db, worktreeIndex }, input);
  const pin = (await listPins(db)).find((candidate) => candidate.id === pinId);
  const repoId = pin?.repoId ?? (await db.repoPin.findUniqueOrThrow({ where: { id: pinId } })).repoId;
  return { pin, isNew, trust: await readTrustView(db, repoId) };
}
