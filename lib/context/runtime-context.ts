import type { Access } from "@/lib/access/access.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { Db } from "@/lib/db/client.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";

/**
 * Everything Arbor keeps for the life of its process, built once at boot (server/create-context.ts)
 * and passed to what needs it: a function's parameters say which parts it uses
 * (docs/decisions/0013-one-runtime-context.md). Route handlers reach it through getRuntimeContext().
 */
export interface RuntimeContext {
  /** The validated configuration (env and flags); on a server, with its access token resolved. */
  config: ArborConfig;
  db: Db;
  processHost: ProcessHost;
  /** Publish/subscribe between what produces events and the WebSocket gateway. */
  hub: EventHub;
  /** Sequenced events of running answers, for replay. */
  runEvents: RunEventLog;
  /** One run per worktree, in order, with the concurrency limit. */
  runs: RunManager;
  /** Who may act for the user; null until the server listens (server/main.ts). */
  access: Access | null;
}
