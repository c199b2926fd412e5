"use client";

import type { SearchHit } from "@/components/api/memory-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { ArchivedTag } from "./ArchivedTag.tsx";
import { splitSnippet } from "./split-snippet.ts";

/** One search result: who said it, in which worktree, and the words that matched. */
export function SearchHitItem({ hit, onOpen }: { hit: SearchHit; onOpen: (hit: SearchHit) => void }) {
  const worktreeName = hit.worktreePath.split("/").filter(Boolean).at(-1) ?? hit.worktreePath;
  return (
    <li>
      <Button
        variant="bare"
        data-testid="search-hit"
        data-message-id={hit.messageId}
        data-session-id={hit.sessionId}
        data-archived={hit.isArchived}
        onClick={() => onOpen(hit)}
        className="w-full rounded-md border border-zinc-200 px-2 py-1.5 text-left text-xs hover:border-emerald-500 dark:border-zinc-800"
      >
        <span className="flex items-center gap-1.5 text-[11px] text-zinc-500">
          <span data-testid="search-hit-role" className="font-semibold uppercase">
            {hit.role}
          </span>
          <span data-testid="search-hit-worktree" className="min-w-0 truncate font-mono" title={hit.worktreePath}>
            {worktreeName}
          </span>
          {hit.isArchived ? <ArchivedTag /> : null}
          <span className="ml-auto shrink-0">{formatRelativeTime(hit.createdAt)}</span>
        </span>
        <span data-testid="search-hit-snippet" className="mt-0.5 block break-words text-zinc-700 dark:text-zinc-300">
          {splitSnippet(hit.snippet).map((part, index) =>
            part.isMatch ? (
              <mark key={index} className="rounded bg-amber-200 px-px text-inherit dark:bg-amber-700/60">
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </span>
      </Button>
    </li>
  );
}
