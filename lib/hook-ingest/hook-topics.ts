import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";

/** Topic of one worktree's hook timeline; ALL_HOOKS_TOPIC carries every event (Logs page). */
export const hooksTopic = (worktreePath: string) => `hooks:${worktreePath}`;
export const ALL_HOOKS_TOPIC = "hooks:*";

export function publishHookEvent(hub: EventHub, event: HookEventView): void {
  const message = { type: "hook_event" as const, event };
  hub.publish(ALL_HOOKS_TOPIC, message);
  if (event.worktreePath) hub.publish(hooksTopic(event.worktreePath), message);
}

export function publishRelay(hub: EventHub, relay: RelayView): void {
  const message = { type: "relay" as const, relay };
  hub.publish(ALL_HOOKS_TOPIC, message);
  if (relay.worktreePath) hub.publish(hooksTopic(relay.worktreePath), message);
}
