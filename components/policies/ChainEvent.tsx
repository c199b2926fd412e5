"use client";

import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import type { ChainEventGroup, ChainLevel } from "./group-chain.ts";

const LEVEL_LOOK: Record<ChainLevel, { label: string; tone: BadgeTone }> = {
  user: { label: "user", tone: "violet" },
  project: { label: "project", tone: "sky" },
  local: { label: "local", tone: "zinc" },
};

/** One event's handlers, level by level in the order Claude Code runs through its settings. */
export function ChainEvent({ group }: { group: ChainEventGroup }) {
  return (
    <section
      data-testid="chain-event"
      data-event={group.event}
      className="rounded-md border border-zinc-200 px-2 py-1.5 dark:border-zinc-800"
    >
      <h3 className="mb-1 flex items-center gap-2 text-xs font-semibold">
        {group.event}
        <span className="font-normal text-zinc-500">
          {group.count} handler{group.count === 1 ? "" : "s"}
          {group.arborCount > 0 ? `, ${group.arborCount} Arbor's` : ""}
        </span>
      </h3>
      {group.levels.map((level) => (
        <div key={level.level} data-testid="chain-level" data-level={level.level} className="mb-1 last:mb-0">
          <p className="flex items-center gap-2 text-[10px] text-zinc-500">
            <Badge tone={LEVEL_LOOK[level.level].tone} size="xs">
              {LEVEL_LOOK[level.level].label}
            </Badge>
            <span className="truncate font-mono" title={level.file}>
              {level.file}
            </span>
          </p>
          <ol className="ml-2 border-l border-zinc-200 pl-2 dark:border-zinc-800">
            {level.handlers.map((handler, index) => (
              <li
                key={`${handler.file}:${index}`}
                data-testid="chain-handler"
                data-level={handler.level}
                data-arbor={handler.isArbor}
                data-event={handler.event}
                data-matcher={handler.matcher}
                className="flex min-w-0 items-center gap-2 py-0.5 text-[11px]"
              >
                {handler.isArbor ? (
                  <Badge tone="emerald" size="xs" data-testid="chain-arbor-badge" className="shrink-0">
                    Arbor
                  </Badge>
                ) : null}
                {handler.matcher !== "*" ? (
                  <span className="shrink-0 font-mono text-zinc-500" title="Matcher">
                    [{handler.matcher}]
                  </span>
                ) : null}
                {handler.type !== "command" ? <span className="shrink-0 text-zinc-500">{handler.type}</span> : null}
                <span data-testid="chain-command" className="min-w-0 flex-1 truncate font-mono" title={handler.command}>
                  {handler.command || "(empty)"}
                </span>
                {handler.timeout !== null ? (
                  <span className="shrink-0 text-[10px] text-zinc-500">{handler.timeout} s</span>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
