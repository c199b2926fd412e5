import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import type { PinView } from "./pin-types.ts";

/**
 * All pins, this instance's first (most recently used first), then those of the other instances
 * of a shared database, each with its owner. Only local pins are checked for a missing directory.
 */
export async function listPins(db: Db): Promise<PinView[]> {
  const local = await getLocalInstance(db);
  const pins = await db.repoPin.findMany({
    include: { repo: { include: { instance: true } } },
    orderBy: [{ lastUsedAt: "desc" }, { createdAt: "desc" }],
  });
  const views = pins.map((pin): PinView => {
    const owner = pin.repo.instance;
    const isLocal = pin.repo.instanceId === null || pin.repo.instanceId === local.id;
    return {
      id: pin.id,
      repoId: pin.repoId,
      localPath: pin.localPath,
      label: pin.label,
      repoName: pin.repo.name,
      repoRoot: pin.repo.rootPath,
      lastUsedAt: pin.lastUsedAt.toISOString(),
      createdAt: pin.createdAt.toISOString(),
      isMissing: isLocal && !existsSync(pin.localPath) && !existsSync(pin.repo.rootPath),
      owner: {
        instanceId: pin.repo.instanceId ?? local.id,
        label: owner?.label ?? local.label,
        hostName: owner?.hostName ?? local.hostName,
        isLocal,
      },
    };
  });
  return [...views.filter((view) => view.owner.isLocal), ...views.filter((view) => !view.owner.isLocal)];
}
