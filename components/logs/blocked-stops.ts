import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";

interface BlockedStop {
  /** What the blocking hook told Claude, from the session's transcript; null when not known. */
  reason: string | null;
}

const STOP_EVENTS = new Set(["Stop", "SubagentStop"]);

/**
 * Which Stop events of a session a hook blocked. A hook never learns what other hooks answered:
 * a block shows only as the NEXT Stop arriving with `stop_hook_active` (stored as a block). So
 * each such Stop points back at the previous Stop of the same kind, and the reasons the
 * transcript recorded (`hook_blocking_error`, carried by the relays) are given out in order.
 * `events` must be oldest first.
 */
export function findBlockedStops(input: { events: HookEventView[]; relays: RelayView[] }): Map<number, BlockedStop> {
  const reasons = new Map<string, string[]>();
  const relays = [...input.relays].sort((a, b) => (a.startedAt ?? "").localeCompare(b.startedAt ?? "") || a.id - b.id);
  for (const block of relays.flatMap((relay) => relay.hookBlocks)) {
    reasons.set(block.hookEvent, [...(reasons.get(block.hookEvent) ?? []), block.reason]);
  }
  const blocked = new Map<number, BlockedStop>();
  const lastStop = new Map<string, HookEventView>();
  for (const event of input.events) {
    if (!STOP_EVENTS.has(event.eventName)) continue;
    const previous = lastStop.get(event.eventName);
    if (event.isBlock && previous && !blocked.has(previous.id)) {
      blocked.set(previous.id, { reason: reasons.get(event.eventName)?.shift() ?? null });
    }
    lastStop.set(event.eventName, event);
  }
  return blocked;
}
