import { test as base, expect } from "@playwright/test";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

/**
 * `arbor`: one real Arbor server per Playwright worker (own port, own throw-away data
 * directory). Tests create their own git repositories, so they never share state.
 */
export const test = base.extend<{ baseURL: string }, { arbor: RunningArbor }>({
  arbor: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const arbor = await startArbor();
      await use(arbor);
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ arbor }, use) => use(arbor.url),
});

export { expect };
