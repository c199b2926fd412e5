import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import { providerOf, type Db } from "@/lib/db/client.ts";
import type { CommandService } from "@/lib/team-commands/command-service.ts";
import { toHookEventView, toRelayView } from "@/lib/hook-events/hook-event-view.ts";
import { ALL_HOOKS_TOPIC, hooksTopic } from "@/lib/hook-ingest/hook-topics.ts";
import { isRunNotificationKey } from "@/lib/hook-policies/notifier.ts";
import { NOTIFICATIONS_TOPIC, type EventHub } from "@/lib/realtime/event-hub.ts";
import { repoTopic, sessionTopic } from "@/lib/realtime/event-hub.ts";
import { serverMessageSchema, type ServerMessage } from "@/lib/realtime/protocol.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { notifyTeam, startTeamFeed, type ReceivedNotice } from "@/lib/team/team-feed.ts";
import { toRelayedRunEvent, toTeamNotice, type TeamNotice } from "@/lib/team/team-notice.ts";
import { startHeartbeat } from "./runner-heartbeat.ts";
import { startTeamCommands } from "./team-commands.ts";

/**
 * Team mode, on a PostgreSQL database: what this instance publishes to its browsers is also sent
 * to the other instances as ids (NOTIFY), and what they send is turned back into this instance's
 * browser messages after reading the rows it names (LISTEN). SQLite has no other instance.
 */
export async function startTeamMode(input: { ctx: RuntimeContext; url: string; log: (line: string) => void }): Promise<{
  close(): Promise<void>;
} | null> {
  const { ctx } = input;
  const { db, hub } = ctx;
  if (providerOf(db) !== "postgresql") return null;
  const instance = await getLocalInstance(db);
  let commands: CommandService | null = null;
  const feed = await startTeamFeed({
    db,
    url: input.url,
    instanceId: instance.id,
    onNotice: (received) => {
      const { notice } = received;
      if (notice.kind === "command" && notice.to === instance.id) return commands?.wake();
      if (notice.kind === "command_done") return commands?.settled(notice.jobId);
      receiveTeamNotice({ db, hub, runEvents: ctx.runEvents }, received).catch((error: Error) =>
        input.log(`team notice ${received.notice.kind} not shown: ${error.message}`),
      );
    },
    onError: (error) => input.log(`team feed: ${error.message}; reconnecting`),
  });
  hub.setTap((topic, message) => {
    const relayed = toRelayedRunEvent(message);
    if (relayed) notifyTeam(db, relayed);
    const notice = toTeamNotice(topic, message);
    if (notice) notifyTeam(db, notice);
  });
  commands = await startTeamCommands({ ctx, url: input.url, instanceId: instance.id, log: input.log });
  ctx.teamCommands = commands;
  const heartbeat = startHeartbeat(db, { leaseMs: ctx.config.runnerLeaseMs, log: input.log });
  ctx.planRuns.startLeaseSweep();
  input.log(`team mode: instance "${instance.label}" (${instance.hostName}, ${instance.dataDir})`);
  return {
    async close() {
      heartbeat.close();
      ctx.teamCommands = null;
      await commands?.close();
      hub.setTap(null);
      await feed.close();
    },
  };
}

/** Reads the rows a notice names and publishes them to this instance's browsers, never back to the team. */
export async function receiveTeamNotice(
  { db, hub, runEvents }: { db: Db; hub: EventHub; runEvents: RunEventLog },
  received: ReceivedNotice,
): Promise<void> {
  const publish = (topic: string, message: ServerMessage) => hub.publish(topic, message, { isRemote: true });
  const notice: TeamNotice = received.notice;
  switch (notice.kind) {
    case "session":
      publish(sessionTopic(notice.sessionId), { type: "invalidate", queryKey: queryKeys.messages(notice.sessionId) });
      publish(sessionTopic(notice.sessionId), { type: "invalidate", queryKey: queryKeys.liveRuns(notice.sessionId) });
      return;
    case "run_event": {
      const parsed = serverMessageSchema.safeParse(notice.message);
      if (parsed.success && parsed.data.type === "run_event") runEvents.relay(parsed.data);
      return;
    }
    case "activity": {
      const session = await db.chatSession.findUnique({
        where: { id: notice.sessionId },
        select: { repoId: true, worktreePath: true },
      });
      if (!session) return;
      const run = await db.agentRun.findFirst({
        where: { sessionId: notice.sessionId },
        orderBy: { createdAt: "desc" },
      });
      const isActive = run?.status === "queued" || run?.status === "running";
      publish(repoTopic(session.repoId), {
        type: "worktree_activity",
        repoId: session.repoId,
        worktreePath: session.worktreePath,
        sessionId: notice.sessionId,
        state: isActive ? (run.status as "queued" | "running") : "idle",
        lastRunStatus: isActive ? null : (run?.status ?? null),
      });
      return;
    }
    case "invalidate":
      publish(notice.topic, { type: "invalidate", queryKey: notice.queryKey });
      return;
    case "hook": {
      const row = await db.hookEvent.findUnique({ where: { id: notice.id } });
      if (!row) return;
      const message = { type: "hook_event" as const, event: toHookEventView(row) };
      publish(ALL_HOOKS_TOPIC, message);
      if (row.worktreePath) publish(hooksTopic(row.worktreePath), message);
      return;
    }
    case "relay": {
      const row = await db.transcriptRelay.findUnique({ where: { id: notice.id } });
      if (!row) return;
      const message = { type: "relay" as const, relay: toRelayView(row) };
      publish(ALL_HOOKS_TOPIC, message);
      if (row.worktreePath) publish(hooksTopic(row.worktreePath), message);
      return;
    }
    case "notification": {
      const row = await db.notification.findUnique({ where: { id: notice.id } });
      if (!row) return;
      publish(NOTIFICATIONS_TOPIC, {
        type: "notification",
        notification: {
          id: row.id,
          type: row.type,
          worktreePath: row.worktreePath,
          sessionId: row.sessionId,
          excerpt: row.excerpt,
          isArborRun: isRunNotificationKey(row.dedupeKey),
        },
      });
      return;
    }
    case "command":
    case "command_done":
      return; // the command service's (startTeamMode)
    case "scan":
      publish(repoTopic(notice.repoId), { type: "invalidate", queryKey: queryKeys.worktrees(notice.repoId) });
      return;
  }
}
