import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { Db } from "@/lib/db/client.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";
import { getRunManager } from "@/lib/chat/runs/chat-runtime.ts";
import { getEventHub } from "@/lib/realtime/event-hub.ts";
import { getRunEventLog } from "@/lib/realtime/run-event-log.ts";
import type { RuntimeContext } from "./runtime-context.ts";

/**
 * Assembles a runtime context around a database and a process host: the server's at boot
 * (server/create-context.ts), a test's own (tests/support/test-context.ts).
 */
export function createRuntimeContext(input: { config: ArborConfig; db: Db; processHost: ProcessHost }): RuntimeContext {
  return {
    config: input.config,
    db: input.db,
    processHost: input.processHost,
    hub: getEventHub(),
    runEvents: getRunEventLog(),
    runs: getRunManager(),
    access: null,
  };
}
