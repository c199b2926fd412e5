"use client";

import { Button } from "./Button.tsx";

/** What a paged (infinite) query offers for reaching older pages. */
interface OlderPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load older …" under or above a newest-first list; nothing once the oldest page is loaded. */
export function LoadOlderButton({ pages, label, testId }: { pages: OlderPages; label: string; testId: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="text-center">
      <Button
        size="sm"
        data-testid={testId}
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
        className="text-zinc-600 dark:text-zinc-400"
      >
        {pages.isFetchingNextPage ? "Loading…" : label}
      </Button>
    </div>
  );
}
