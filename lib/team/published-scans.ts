import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import type { RepoOwner } from "./ownership.ts";
import { notifyTeam } from "./team-feed.ts";

/** Stores the owner's latest scan of a repository and tells the other instances it changed. */
export async function publishWorktreeScan(db: Db, input: { repoId: string; scan: RepoScan }): Promise<void> {
  const scannedAt = new Date(input.scan.scannedAt);
  const scan = JSON.stringify(input.scan);
  await db.publishedWorktreeScan.upsert({
    where: { repoId: input.repoId },
    create: { repoId: input.repoId, scan, scannedAt },
    update: { scan, scannedAt },
  });
  notifyTeam(db, { kind: "scan", repoId: input.repoId });
}

/** Another instance's repository as that instance last scanned it, read-only. */
export async function readPublishedScan(db: Db, input: { repoId: string; owner: RepoOwner }): Promise<RepoScan> {
  const row = await db.publishedWorktreeScan.findUnique({ where: { repoId: input.repoId } });
  if (!row) {
    throw new AppError(
      "not_found",
      `Arbor "${input.owner.label}" on ${input.owner.hostName} has not published a scan of this repository yet; it does at its next scan there.`,
      { details: { isRemote: true } },
    );
  }
  return JSON.parse(row.scan) as RepoScan;
}
