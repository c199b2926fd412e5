import { z } from "zod";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";

/**
 * What one instance tells the others through PostgreSQL NOTIFY: ids only (a payload is at most
 * 8000 bytes, and rows are the truth); the receiver reads the rows it names.
 */
export const teamNoticeSchema = z.discriminatedUnion("kind", [
  /** A conversation's messages or runs changed (a run event: queued, started, text, finished…). */
  z.object({ kind: z.literal("session"), sessionId: z.string(), runId: z.string() }),
  /**
   * One event of a running answer, as is (a token, a tool call, its end), so another instance's page
   * streams it as the owner's does; checked against the protocol where it is received. Too large for a
   * notice, it is not sent, and the "session" notice has the receiver read the rows instead.
   */
  z.object({ kind: z.literal("run_event"), message: z.unknown() }),
  /** A worktree's agent state changed; the receiver reads the session and its latest run. */
  z.object({ kind: z.literal("activity"), repoId: z.string(), sessionId: z.string() }),
  /** A React Query key to refetch, on the topic it was published to (keys hold ids and names only). */
  z.object({ kind: z.literal("invalidate"), topic: z.string().max(4200), queryKey: z.array(z.string()).max(8) }),
  z.object({ kind: z.literal("hook"), id: z.number().int() }),
  z.object({ kind: z.literal("relay"), id: z.number().int() }),
  z.object({ kind: z.literal("notification"), id: z.number().int() }),
  /** A command waits in instance `to`'s queue (lib/team/commands): read it now. */
  z.object({ kind: z.literal("command"), to: z.string().max(200), jobId: z.string().max(200) }),
  /** The owner stored its reply to a command: its asker reads it now. */
  z.object({ kind: z.literal("command_done"), jobId: z.string().max(200) }),
  /** The owner published a new worktree scan of a repository. */
  z.object({ kind: z.literal("scan"), repoId: z.string() }),
]);
export type TeamNotice = z.infer<typeof teamNoticeSchema>;

/** What travels: the sender's instance id and the notice. */
export const teamPayloadSchema = z.object({ from: z.string(), notice: teamNoticeSchema, sentAt: z.number() });

/**
 * The notice for a message this instance published to its own browsers, or null when the others
 * need nothing (pings, errors, or the per-worktree copy of a hook event already sent for "hooks:*").
 */
export function toTeamNotice(topic: string, message: ServerMessage): TeamNotice | null {
  switch (message.type) {
    case "run_event":
      return { kind: "session", sessionId: message.sessionId, runId: message.runId };
    case "worktree_activity":
      return { kind: "activity", repoId: message.repoId, sessionId: message.sessionId };
    case "invalidate":
      return { kind: "invalidate", topic, queryKey: Array.from(message.queryKey) };
    case "hook_event":
      return topic === "hooks:*" ? { kind: "hook", id: message.event.id } : null;
    case "relay":
      return topic === "hooks:*" ? { kind: "relay", id: message.relay.id } : null;
    case "notification":
      return { kind: "notification", id: message.notification.id };
    default:
      return null;
  }
}

/** Room for a relayed run event: NOTIFY takes at most 8000 bytes, and the envelope takes some. */
const MAX_RELAYED_EVENT_BYTES = 7_000;

/**
 * A run event to relay to the other instances as it is, or null when it is no run event or too large.
 * A finished answer too long to travel goes without its text (the receiver reads the message row).
 */
export function toRelayedRunEvent(message: ServerMessage): TeamNotice | null {
  if (message.type !== "run_event") return null;
  const fits = (candidate: ServerMessage) => Buffer.byteLength(JSON.stringify(candidate)) <= MAX_RELAYED_EVENT_BYTES;
  if (fits(message)) return { kind: "run_event", message };
  if (message.event.kind !== "finished") return null;
  const withoutText = { ...message, event: { ...message.event, assistantMessage: undefined } };
  return fits(withoutText) ? { kind: "run_event", message: withoutText } : null;
}

/**
 * Notices that may be coalesced: a running answer publishes many text events a second, and the
 * receiver only rereads the conversation, so one notice per run every `COALESCE_MS` is enough.
 */
export function coalesceKey(notice: TeamNotice): string | null {
  return notice.kind === "session" ? `session:${notice.runId}` : null;
}
