import { realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import type { Db } from "@/lib/db/client.ts";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";

/** This process's instance row, once registered (boot, or the first lib call that needs it). */
export interface LocalInstance {
  id: string;
  hostName: string;
  dataDir: string;
  label: string;
}

/** Kept on the database client: a client registers its instance once, and both copies of lib/ read it. */
const localInstanceState = defineAttachedState<{ current: Promise<LocalInstance> | null }>("db.localInstance", () => ({
  current: null,
}));

/** This machine's identity parts: its host name and the real path of Arbor's data directory. */
export function readLocalIdentity(dataDir: string): { hostName: string; dataDir: string } {
  let real = path.resolve(dataDir);
  try {
    real = realpathSync(real);
  } catch {
    // not created yet (lib used without the server); the resolved path is what boot will find
  }
  return { hostName: os.hostname(), dataDir: real };
}

/** The label an instance starts with: the host name, and the data directory unless it is the default. */
export function defaultInstanceLabel(identity: { hostName: string; dataDir: string }): string {
  const home = path.join(os.homedir(), ".arbor");
  return identity.dataDir === home ? identity.hostName : `${identity.hostName}:${path.basename(identity.dataDir)}`;
}

/**
 * Registers this process as an instance (host name + data directory, one row per pair across
 * restarts) and claims the repositories that have no owner yet: on one machine every repository
 * is this instance's; after `arbor db copy`, the copied ones belong to the data directory they came
 * from. Runs once per database client: the server registers with its data directory at boot;
 * lib used without a server (tests, scripts) registers with the configuration's.
 */
export function getLocalInstance(
  db: Db,
  options: { dataDir?: string; url?: string | null } = {},
): Promise<LocalInstance> {
  const state = localInstanceState.get(db);
  if (state.current) return state.current;
  const dataDir = options.dataDir ?? getConfig().dataDir;
  const instance = registerInstance(db, { dataDir, url: options.url ?? null });
  state.current = instance;
  instance.catch(() => {
    if (state.current === instance) state.current = null;
  });
  return instance;
}

async function registerInstance(db: Db, input: { dataDir: string; url: string | null }): Promise<LocalInstance> {
  const identity = readLocalIdentity(input.dataDir);
  const now = new Date();
  const row = await db.instance.upsert({
    where: { hostName_dataDir: identity },
    create: { ...identity, label: defaultInstanceLabel(identity), url: input.url, startedAt: now, lastSeenAt: now },
    update: { ...(input.url ? { url: input.url } : {}), startedAt: now, lastSeenAt: now },
  });
  await db.repo.updateMany({ where: { instanceId: null }, data: { instanceId: row.id } });
  return { id: row.id, hostName: row.hostName, dataDir: row.dataDir, label: row.label };
}

/** Records where this instance listens, once the port is known. */
export async function publishInstanceUrl(db: Db, url: string): Promise<void> {
  const instance = await getLocalInstance(db);
  await db.instance.update({ where: { id: instance.id }, data: { url, lastSeenAt: new Date() } });
}

/** Keeps this process's cached identity in step after its label changed. */
export function replaceLocalInstanceLabel(db: Db, label: string): void {
  const state = localInstanceState.get(db);
  if (state.current) state.current = state.current.then((instance) => ({ ...instance, label }));
}
