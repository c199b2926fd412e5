import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    ],
  },
});
