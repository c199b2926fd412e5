import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "./arbor-with-claude.ts";
import { createPinnedRepo, type PinnedRepo } from "./pinned-repo.ts";
import { removeDataDir, startArbor, type RunningArbor } from "./start-arbor.ts";
import { dropPostgresDatabase, ensurePostgresDatabase, postgresSkipReason } from "./test-database.ts";

/** A test file's team: two Arbor servers on one throw-away PostgreSQL database. */
export interface TwoInstances {
  /** Why the file's tests are skipped (no PostgreSQL here), or null. */
  skipReason: string | null;
  databaseUrl: string;
  /** Holds the repositories and runs the real claude CLI against the mock model. */
  owner: ArborWithClaude;
  /** The other instance, on the same database, with no repository of its own. */
  other: RunningArbor;
  /** The repositories the owner pinned, in the order asked for. */
  repos: PinnedRepo[];
}

/**
 * Starts, before the file's tests, a database, the owner (with `repoCount` pinned repositories) and
 * the other instance; removes them all after. Read the fields inside tests and hooks.
 */
export function useTwoInstances(input: {
  key: string;
  repoCount?: number;
  /** More environment for both servers (ARBOR_TEAM_KEY…). */
  serverEnv?: Record<string, string>;
}): TwoInstances {
  const skipReason = postgresSkipReason();
  let started: Omit<TwoInstances, "skipReason"> | null = null;
  beforeAll(async () => {
    if (skipReason) return;
    const databaseUrl = await ensurePostgresDatabase(mkdtempSync(path.join(os.tmpdir(), `arbor-${input.key}-`)));
    const env = { ...input.serverEnv, DATABASE_URL: databaseUrl };
    const owner = await startArborWithClaude({ serverEnv: env });
    const other = await startArbor({ env });
    const repos: PinnedRepo[] = [];
    for (let index = 0; index < (input.repoCount ?? 1); index += 1)
      repos.push(await createPinnedRepo(() => owner.arbor));
    started = { databaseUrl, owner, other, repos };
  });
  afterAll(async () => {
    if (!started) return;
    await started.other.stop();
    removeDataDir(started.other.dataDir);
    await started.owner.close();
    for (const repo of started.repos) await repo.remove();
    await dropPostgresDatabase(started.databaseUrl);
  });
  const read = (): Omit<TwoInstances, "skipReason"> => {
    if (!started) throw new Error("useTwoInstances: the instances start in beforeAll; read them inside a test");
    return started;
  };
  return {
    skipReason,
    get databaseUrl() {
      return read().databaseUrl;
    },
    get owner() {
      return read().owner;
    },
    get other() {
      return read().other;
    },
    get repos() {
      return read().repos;
    },
  };
}
