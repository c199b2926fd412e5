"use client";

import { useSummary } from "@/components/api/memory-api.ts";
import { Markdown } from "@/components/chat/Markdown.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";

/**
 * The conversation's latest rolling summary above the messages: collapsed to one line (when,
 * how many messages it covers, whether it is only an extractive fallback, what Arbor's check against
 * the ledger and the previous summary found and put back), opened to read it.
 */
export function SummaryPanel(props: { sessionId: string; isOpen: boolean; onToggle: () => void }) {
  const summary = useSummary(props.sessionId);
  if (summary.error) return <ErrorNotice error={summary.error} testId="summary-error" />;
  if (summary.data === undefined) return null;
  const data = summary.data;
  return (
    <section
      data-testid="summary-panel"
      data-kind={data?.kind ?? "none"}
      className="border-b border-zinc-200 px-4 py-1.5 text-xs dark:border-zinc-800"
    >
      <div className="mx-auto max-w-3xl">
        {!data ? (
          <p className="text-zinc-500 max-md:truncate" data-testid="summary-none">
            No summary yet. Summarize rolls this conversation into key points, decisions, open tasks and caveats that
            later prompts carry.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-500">
              <Button
                variant="ghost"
                data-testid="summary-toggle"
                aria-expanded={props.isOpen}
                onClick={props.onToggle}
                className="font-semibold text-zinc-700 dark:text-zinc-300"
              >
                {props.isOpen ? "▾" : "▸"} Summary #{data.id}
              </Button>
              <span data-testid="summary-count">
                covers {data.messageCount} {data.messageCount === 1 ? "message" : "messages"}
              </span>
              <span data-testid="summary-date" title={new Date(data.createdAt).toLocaleString()}>
                {formatRelativeTime(data.createdAt)}
              </span>
              {data.kind === "extractive" ? (
                <Badge tone="amber" size="md">
                  extractive
                </Badge>
              ) : null}
              {data.checkStatus === "reattached" ? (
                <Badge tone="amber" size="md" data-testid="summary-check-badge">
                  items put back by Arbor
                </Badge>
              ) : null}
            </div>
            {data.checkNote ? (
              <p
                data-testid="summary-check"
                data-status={data.checkStatus}
                className={
                  data.checkStatus === "reattached" ? "mt-1 text-amber-800 dark:text-amber-300" : "mt-1 text-zinc-500"
                }
              >
                Arbor checked this summary against the decisions and tasks: {data.checkNote}
              </p>
            ) : null}
            {data.kind === "extractive" ? (
              <p data-testid="summary-extractive" className="mt-1 text-amber-800 dark:text-amber-300">
                Not a summary: the model could not write one{data.note ? ` (${data.note})` : ""}. This is an index of
                your messages and of Decisions &amp; tasks; Claude&apos;s prompts keep these messages verbatim, and
                nothing is archived, until a summary the model writes covers them.
              </p>
            ) : null}
            {props.isOpen ? (
              <div data-testid="summary-body" className="mt-1 max-h-64 overflow-y-auto text-sm">
                <Markdown text={data.markdown} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
