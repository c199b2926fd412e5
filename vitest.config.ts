import { readdirSync } from "node:fs";
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
 * The second run of the process suites against PostgreSQL (`npm run test:postgresql`): the same
 * files, each Arbor server (and each createTestDb) on a database of its own in one throw-away
 * PostgreSQL server. What is left out is SQLite's own behaviour (file locks, the database file's
 * mode) or has no query path of its own; POSTGRES_SUITES in tests/README.md says which and why.
 */
const POSTGRES_EXCLUDED = [
  "tests/faults/database-faults.test.ts", // locks the SQLite file; PostgreSQL's faults are in tests/team
  "tests/faults/git-scan-failures.test.ts", // git only
  "tests/integration/git-resolve.test.ts", // git only
  "tests/integration/git-scan.test.ts", // git only
  "tests/integration/process-host.test.ts", // process host only
  "tests/integration/claude-run-fake-cli.test.ts", // lib/agent without a database
  "tests/integration/claude-mock-anthropic.test.ts", // the model mock only
  "tests/security/browser-headers.test.ts", // headers, no query
  "tests/security/sign-in-redirect.test.ts", // sign-in, no query
  "tests/security/arbor-open.test.ts", // server.json, no query
  "tests/security/local-account.test.ts", // sockets per client, no query
  "tests/security/files-under-control.test.ts", // the SQLite file's mode
  "tests/security/planted-claude-binary.test.ts", // PATH lookup, no query
];

const postgresMissing = !process.env.ARBOR_TEST_POSTGRES_URL && !findPostgresBinDir();
const postgresSuite = (name: string, timeoutMs: number) => {
  const base = processSuite(name, timeoutMs);
  const include = postgresMissing ? [] : base.test.include;
  if (postgresMissing) {
    const skipped = readdirSync(`tests/${name}`)
      .filter((file) => file.endsWith(".test.ts"))
      .map((file) => `tests/${name}/${file}`)
      .filter((file) => !POSTGRES_EXCLUDED.includes(file));
    console.warn(`[tests] ${POSTGRES_MISSING}; skipped ${name}-pg:\n  ${skipped.join("\n  ")}`);
  }
  return {
    ...base,
    test: {
      ...base.test,
      name: `${name}-pg`,
      include,
      exclude: POSTGRES_EXCLUDED,
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
      processSuite("security", 60_000),
      processSuite("faults", 90_000),
      processSuite("integration", 60_000),
      postgresSuite("security", 60_000),
      postgresSuite("faults", 90_000),
      postgresSuite("integration", 60_000),
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
