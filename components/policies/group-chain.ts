import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import type { ChainHandler } from "@/lib/hook-policies/policy-views.ts";

export type ChainLevel = ChainHandler["level"];

interface ChainLevelGroup {
  level: ChainLevel;
  file: string;
  handlers: ChainHandler[];
}

export interface ChainEventGroup {
  event: string;
  levels: ChainLevelGroup[];
  count: number;
  arborCount: number;
}

const LEVEL_ORDER: ChainLevel[] = ["user", "project", "local"];
const EVENT_ORDER = new Map<string, number>(ARBOR_HOOK_EVENTS.map((event, index) => [event, index]));

/**
 * The chain per event (in the lifecycle order of the events Arbor knows, others after them by
 * name), each split by level in the order Claude Code registers them: user, project, local.
 * Within a level the handlers keep their file order.
 */
export function groupChainByEvent(handlers: ChainHandler[]): ChainEventGroup[] {
  const byEvent = new Map<string, ChainHandler[]>();
  for (const handler of handlers) byEvent.set(handler.event, [...(byEvent.get(handler.event) ?? []), handler]);
  const events = [...byEvent.keys()].sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b, "en"));
  return events.map((event) => {
    const list = byEvent.get(event) ?? [];
    const levels = LEVEL_ORDER.flatMap((level) => {
      const inLevel = list.filter((handler) => handler.level === level);
      return inLevel.length > 0 ? [{ level, file: inLevel[0]!.file, handlers: inLevel }] : [];
    });
    return { event, levels, count: list.length, arborCount: list.filter((handler) => handler.isArbor).length };
  });
}

function rankOf(event: string): number {
  return EVENT_ORDER.get(event) ?? Number.MAX_SAFE_INTEGER;
}
