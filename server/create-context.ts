import { createRuntimeContext } from "@/lib/context/create-runtime-context.ts";
import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { Db } from "@/lib/db/client.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";

/** The server's runtime context, built once at boot from the validated configuration. */
export function createServerContext(input: {
  config: ArborConfig;
  db: Db;
  processHost: ProcessHost;
  historyReaderEntry: string;
}): RuntimeContext {
  return createRuntimeContext(input);
}
