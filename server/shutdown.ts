import type { Server } from "node:http";
import type { Db } from "@/lib/db/client.ts";
import type { WsGateway } from "./ws-gateway.ts";

/** Work to finish before the process exits (e.g. killing running claude process groups), in order. */
export type ShutdownTask = () => Promise<void> | void;

const SHUTDOWN_GRACE_MS = 15_000;

/**
 * On SIGINT/SIGTERM: stop accepting connections, run the shutdown tasks (no orphan claude
 * processes), close sockets and the database, then exit. A second signal exits at once. `tasks`
 * is the server's list, which boot steps may still add to.
 */
export function installShutdown(input: {
  tasks: readonly ShutdownTask[];
  db: Db;
  server: Server;
  gateway: WsGateway;
  closeNext: () => unknown;
  log: (line: string) => void;
}): void {
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) process.exit(1);
    isShuttingDown = true;
    input.log(`${signal} received, shutting down`);
    // A stuck task must not keep the process alive: give up after the grace period.
    setTimeout(() => {
      console.error("[arbor] shutdown took too long; exiting now");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    input.server.close();
    for (const task of input.tasks) {
      try {
        await task();
      } catch (error) {
        console.error("[arbor] shutdown task failed", error);
      }
    }
    await input.gateway.close();
    input.server.closeAllConnections();
    await Promise.resolve(input.closeNext()).catch((error: unknown) =>
      console.error("[arbor] closing Next failed", error),
    );
    await input.db.$disconnect();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
