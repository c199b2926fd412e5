"use client";

import { useTopics } from "@/components/api/policies-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TopicItem } from "./TopicItem.tsx";

/** The recorder's topics (open first, then decided), live: a new exchange or summary refreshes them. */
export function TopicsPanel({ repoId }: { repoId: string }) {
  const topics = useTopics(repoId);
  const list = topics.data ?? [];
  const openCount = list.filter((topic) => topic.status !== "decided").length;
  return (
    <section data-testid="topics-panel" data-loaded={topics.isSuccess} className="space-y-2">
      <header className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold">Topics</h2>
        {topics.isSuccess ? (
          <span className="text-xs text-zinc-500">
            {openCount} open · {list.length - openCount} decided
          </span>
        ) : null}
      </header>
      <p className="text-[11px] text-zinc-500">
        What was discussed, by topic, from the tag Claude ends its answers with. Open a topic to read its log and record
        a decision.
      </p>
      {topics.error ? <ErrorNotice error={topics.error} testId="topics-error" /> : null}
      {topics.isPending ? <p className="text-xs text-zinc-500">Loading topics…</p> : null}
      {topics.isSuccess && list.length === 0 ? (
        <p data-testid="topics-empty" className="text-xs text-zinc-500">
          No topics yet. With the recorder on and hooks installed in a worktree, each answer tagged with a topic is
          logged here.
        </p>
      ) : null}
      <ul className="space-y-2">
        {list.map((topic) => (
          <TopicItem key={topic.id} repoId={repoId} topic={topic} />
        ))}
      </ul>
    </section>
  );
}
