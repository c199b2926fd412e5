import type { Db } from "@/lib/db/client.ts";
import type { RepoPolicyView } from "./policy-views.ts";

const DEFAULTS: RepoPolicyView = {
  recorderEnabled: true,
  enforceMetaTag: false,
  notifierEnabled: true,
  stateRestoreEnabled: true,
  sessionStartTopics: 5,
};

/** The hook policies switched on for a repository (defaults: all on, enforcement off). */
export async function readRepoPolicy(db: Db, repoId: string): Promise<RepoPolicyView> {
  const row = await db.repoPolicy.findUnique({ where: { repoId } });
  if (!row) return DEFAULTS;
  const { recorderEnabled, enforceMetaTag, notifierEnabled, stateRestoreEnabled, sessionStartTopics } = row;
  return { recorderEnabled, enforceMetaTag, notifierEnabled, stateRestoreEnabled, sessionStartTopics };
}

export async function updateRepoPolicy(
  db: Db,
  input: { repoId: string } & Partial<RepoPolicyView>,
): Promise<RepoPolicyView> {
  const { repoId, ...patch } = input;
  await db.repoPolicy.upsert({ where: { repoId }, create: { repoId, ...DEFAULTS, ...patch }, update: patch });
  return readRepoPolicy(db, repoId);
}
