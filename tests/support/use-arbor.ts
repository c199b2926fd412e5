import { afterAll, beforeAll } from "vitest";
import { removeDataDir, startArbor, type RunningArbor } from "./start-arbor.ts";

/**
 * For a test file: one real Arbor server (no claude needed) with a throw-away data directory,
 * started before the file's tests and removed after them. Read `arbor` inside tests and hooks.
 */
export function useArbor(options?: Parameters<typeof startArbor>[0]): { readonly arbor: RunningArbor } {
  let arbor: RunningArbor | undefined;
  beforeAll(async () => {
    arbor = await startArbor(options);
  });
  afterAll(async () => {
    await arbor?.stop();
    if (arbor) removeDataDir(arbor.dataDir);
  });
  return {
    get arbor() {
      if (!arbor) throw new Error("useArbor: the server is started in beforeAll; read arbor inside a test");
      return arbor;
    },
  };
}
