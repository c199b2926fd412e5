import { resolveArborConfig, type ArborConfig } from "@/lib/config/arbor-config.ts";
import { createRuntimeContext } from "@/lib/context/create-runtime-context.ts";
import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import type { Db } from "@/lib/db/client.ts";
import { createLocalProcessHost } from "@/lib/process-host/local-process-host.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";

/**
 * A runtime context of a test's own around its database: the configuration resolved from this
 * process's environment (HOME and CLAUDE_CONFIG_DIR point at temp dirs in tests) with `config`'s
 * fields on top, and processes started in the test process unless `processHost` says otherwise.
 */
export function createTestContext(input: {
  db: Db;
  config?: Partial<ArborConfig>;
  processHost?: ProcessHost;
}): RuntimeContext {
  const config = { ...resolveArborConfig({ env: process.env, flags: { isDev: false } }), ...input.config };
  return createRuntimeContext({ config, db: input.db, processHost: input.processHost ?? createLocalProcessHost() });
}
