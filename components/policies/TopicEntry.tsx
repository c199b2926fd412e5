"use client";

import Link from "next/link";
import type { TopicEntryView } from "@/components/api/policies-api.ts";
import { logsHref } from "@/components/logs/logs-href.ts";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { describeEntry } from "./entry-line.ts";
import { SummaryKindBadge } from "./SummaryKindBadge.tsx";

/** One logged exchange of a topic: its one-line summary, where that came from, and its session's events. */
export function TopicEntry({ entry }: { entry: TopicEntryView }) {
  const line = describeEntry(entry);
  return (
    <li
      data-testid="topic-entry"
      data-kind={entry.summaryKind}
      className="space-y-0.5 rounded-md border border-zinc-200 px-2 py-1.5 text-xs dark:border-zinc-800"
    >
      <div className="flex items-start gap-2">
        <SummaryKindBadge kind={entry.summaryKind} />
        <p
          data-testid="topic-entry-summary"
          className={`min-w-0 flex-1 break-words ${line.isFallback ? "text-zinc-600 dark:text-zinc-400" : ""}`}
        >
          {line.text}
        </p>
      </div>
      {line.problem ? (
        <p data-testid="topic-entry-error" className="text-[11px] text-amber-800 dark:text-amber-300">
          {line.problem}
        </p>
      ) : null}
      <p className="flex items-center gap-2 text-[10px] text-zinc-500">
        <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString()}>
          {formatRelativeTime(entry.createdAt)}
        </time>
        <Link
          href={logsHref({ sessionId: entry.sessionId })}
          data-testid="entry-session-link"
          className="font-mono hover:text-emerald-700"
          title="This session's hook events, in order"
        >
          session {entry.sessionId.slice(0, 8)}
        </Link>
      </p>
    </li>
  );
}
