"use client";

import type { TopicView } from "@/components/api/policies-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { DecisionForm } from "./DecisionForm.tsx";
import { TopicEntry } from "./TopicEntry.tsx";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** A topic: title and status; opened, its discussion log, its decisions and a form to record one. */
export function TopicItem({ repoId, topic }: { repoId: string; topic: TopicView }) {
  const isDecided = topic.status === "decided";
  return (
    <li
      data-testid="topic-item"
      data-status={topic.status}
      data-topic-id={topic.id}
      className="rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <details className="group">
        <summary
          data-testid="topic-toggle"
          className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-900"
        >
          <span className="text-zinc-500 group-open:rotate-90" aria-hidden>
            ▸
          </span>
          <span data-testid="topic-title" className="min-w-0 flex-1 truncate text-sm font-medium">
            {topic.title}
          </span>
          <Badge tone={isDecided ? "emerald" : "sky"} size="xs" data-testid="topic-status" className="shrink-0">
            {isDecided ? "decided" : "open"}
          </Badge>
          <span className="shrink-0 text-[10px] text-zinc-500">
            {plural(topic.entries.length, "exchange")} · {formatRelativeTime(topic.updatedAt)}
          </span>
        </summary>
        <div className="space-y-3 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <section>
            <h4 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-500">Discussion log</h4>
            {topic.entries.length === 0 ? <p className="text-xs text-zinc-500">Nothing logged yet.</p> : null}
            <ol className="space-y-1">
              {topic.entries.map((entry) => (
                <TopicEntry key={entry.id} entry={entry} />
              ))}
            </ol>
          </section>
          <section>
            <h4 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-500">Decisions</h4>
            {topic.decisions.length === 0 ? <p className="text-xs text-zinc-500">No decision yet.</p> : null}
            <ul className="mb-2 space-y-1">
              {topic.decisions.map((decision) => (
                <li key={decision.id} data-testid="topic-decision" className="flex items-start gap-2 text-xs">
                  <span className="text-emerald-600" aria-hidden>
                    ✓
                  </span>
                  <span className="min-w-0 flex-1 break-words">{decision.text}</span>
                  <time className="shrink-0 text-[10px] text-zinc-500" dateTime={decision.createdAt}>
                    {formatRelativeTime(decision.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
            <DecisionForm repoId={repoId} topicId={topic.id} />
          </section>
        </div>
      </details>
    </li>
  );
}
