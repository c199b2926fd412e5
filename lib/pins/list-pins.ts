import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import type { PinView } from "./pin-types.ts";

/** All pins, most recently used first, each checked for a missing directory. */
export async function listPins(db: Db): Promise<PinView[]> {
  const pins = await db.repoPin.findMany({
    include: { repo: true },
    orderBy: [{ lastUsedAt: "desc" }, { createdAt: "desc" }],
  });
  return pins.map((pin) => ({
    id: pin.id,
    repoId: pin.repoId,
    localPath: pin.localPath,
    label: pin.label,
    repoName: pin.repo.name,
    repoRoot: pin.repo.rootPath,
    lastUsedAt: pin.lastUsedAt.toISOString(),
    createdAt: pin.createdAt.toISOString(),
    isMissing: !existsSync(pin.localPath) && !existsSync(pin.repo.rootPath),
  }));
}
