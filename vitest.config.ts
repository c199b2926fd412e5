import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAIR_SHARE_AGENTS } from "./tests/support/fair-share-agents.ts";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";
import { findPostgresBinDir, POSTGRES_MISSING } from "./tests/support/throwaway-postgres.ts";

/** `@/x` is the project root, as in tsconfig.json (Next and tsx read it from there). */
const resolve = { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } };

/** Suites that start servers, git repos and claude processes run each file in its own process. */
const processSuite = (name: string, timeoutMs: number) => ({
  resolve,
  test: {
    name,
    include: [`tests/${name}/**/*.test.ts`],
    environment: "node",
    testTimeout: timeoutMs,
    hookTimeout: 60_000,
    pool: "forks" as const,
    env: FAIR_SHARE_AGENTS,
  },
});

/**
 * The process suites again on PostgreSQL (`npm run test:postgresql`), for what differs between the engines:
 * each Arbor server (and each createTestDb) gets a database of its own in one throw-away PostgreSQL server.
 * Prisma speaks both the same way, so the subset is the files whose code takes an engine-specific path:
 * raw SQL (hook events' group-commit insert and compressed payloads, their search index and listing,
 * history import's relay writes, message search and upkeep's size, the pinned repository's scan), the
 * unique-key races answered as P2002 (two approval answers, a hook delivered twice), NUL characters in text
 * (input attacks); team mode's LISTEN/NOTIFY, copy and start-up checks are the `team` suite. A listed file's
 * tests that reach none of those are `itOnSqliteOnly` (tests/support/engine-tests.ts). tests/README.md says the same.
 */
export const POSTGRES_SUITES: Record<string, string[]> = {
  integration: [
    "approvals-api",
    "hook-event-writer",
    "hook-payload-storage",
    "hook-search",
    "history-import",
    "hooks-import-notify",
    "memory-api",
    "pins-api",
  ],
  security: ["input-attacks"],
  faults: [],
};

const postgresMissing = !process.env.ARBOR_TEST_POSTGRES_URL && !findPostgresBinDir();
const postgresSuite = (name: string, timeoutMs: number) => {
  const base = processSuite(name, timeoutMs);
  const files = (POSTGRES_SUITES[name] ?? []).map((file) => `tests/${name}/${file}.test.ts`);
  if (postgresMissing) console.warn(`[tests] ${POSTGRES_MISSING}; skipped ${name}-pg:\n  ${files.join("\n  ")}`);
  return {
    ...base,
    test: {
      ...base.test,
      name: `${name}-pg`,
      include: postgresMissing ? [] : files,
      passWithNoTests: true,
      env: { ...FAIR_SHARE_AGENTS, ARBOR_TEST_DB: "postgresql" },
      globalSetup: ["tests/support/postgres-global-setup.ts"],
    },
  };
};

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "server/**/*.test.ts",
            "components/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/support/**/*.test.ts",
          ],
          environment: "node",
          // Pure functions: one module graph per worker thread instead of a fresh process per file
          // (a third of the time; the files pass in any order, checked with --sequence.shuffle).
          pool: "threads",
          isolate: false,
          // Some are CPU-bound property tests: 5 s is too close on a shared 2-core machine.
          testTimeout: 20_000,
        },
      },
      processSuite("security", 120_000),
      processSuite("faults", 90_000),
      // Generous: a real `claude` starts cold several times per test on two shared cores.
      processSuite("integration", 120_000),
      // Opt-in (`npm run test:long`): the explicit-channel long conversation, 150 more claude starts. The
      // required one (plain sentences, a lossy and failing summarizer) is in tests/integration.
      processSuite("long", 30 * 60_000),
      postgresSuite("security", 60_000),
      postgresSuite("faults", 90_000),
      postgresSuite("integration", 120_000),
      {
        resolve,
        test: {
          name: "team",
          include: ["tests/team/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 90_000,
          pool: "forks" as const,
          env: { ...FAIR_SHARE_AGENTS, ARBOR_TEST_DB: "postgresql" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
