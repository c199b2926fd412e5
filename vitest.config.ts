import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
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
  },
});

/**
 * The second run of the process suites against PostgreSQL (`npm run test:postgresql`): each Arbor
 * server (and each createTestDb) gets a database of its own in one throw-away PostgreSQL server.
 * The subset is every file whose code reaches the database; together they cover every query path
 * (chat, runs and their checkpoints, approvals, trust, pins, plans, memory and search, hooks, policies,
 * metrics, and the worktree lifecycle: setup settings, landing with its design node marked done, removal with its
 * conversation archived, tidy up, pull requests and the merge order). Files
 * left out test git, processes, headers or SQLite's own behaviour (file locks, the file's mode),
 * with no query of their own, or repeat queries a listed file makes (warm-cli: the settings and
 * trust reads of chat-api; repository-settings-before-trust: the trust rows of
 * trust-after-repository-changes). tests/README.md says the same.
 */
export const POSTGRES_SUITES: Record<string, string[]> = {
  integration: [
    "approvals-api",
    "attention-api",
    "changes-checkpoints",
    "chat-api",
    "health-metrics",
    "hook-event-writer",
    "hook-payload-storage",
    "hook-policies",
    "hook-search",
    "history-import",
    "hook-sessions",
    "hooks-capture",
    "hooks-import-notify",
    "land-check",
    "memory-api",
    "memory-property",
    "merge-order",
    "pins-api",
    "plans-api",
    "retention",
    "worktree-creation",
    "worktree-push-pr",
    "worktree-removal",
    "worktree-tidy",
  ],
  security: ["hook-without-access-token", "input-attacks", "trust-after-repository-changes"],
  faults: ["chat-failures", "stream-faults"],
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
      env: { ARBOR_TEST_DB: "postgresql" },
      globalSetup: ["tests/support/postgres-global-setup.ts"],
    },
  };
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "server/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      processSuite("security", 120_000),
      processSuite("faults", 90_000),
      // Generous: a real `claude` starts cold several times per test on two shared cores.
      processSuite("integration", 120_000),
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
          env: { ARBOR_TEST_DB: "postgresql" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
