"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useSearchMessages, type SearchHit } from "@/components/api/memory-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import { SearchHitItem } from "./SearchHitItem.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** Full-text search across every conversation of the repository, archived ones included. */
export function ConversationSearch(props: { repoId: string; onOpenHit: (hit: SearchHit) => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const search = useSearchMessages({ repoId: props.repoId, query });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === query && next !== "") void search.refetch();
    setQuery(next);
  };

  const openHit = (hit: SearchHit) => {
    // The hit may be in a conversation started after the worktree's list was loaded.
    void client.invalidateQueries({ queryKey: queryKeys.worktreeSessions(props.repoId, hit.worktreePath) });
    props.onOpenHit(hit);
  };

  return (
    <section
      className="flex max-h-[45%] w-72 shrink-0 flex-col gap-2 border-r border-t border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="conversation-search"
    >
      <form onSubmit={onSubmit} role="search">
        <TextInput
          type="search"
          size="lg"
          data-testid="search-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search this repository's conversations…"
          aria-label="Search conversations"
          className="w-full"
        />
      </form>
      <div className="min-h-0 overflow-y-auto">
        {search.isFetching ? <p className="text-xs text-zinc-500">Searching…</p> : null}
        {search.error ? <ErrorNotice error={search.error} testId="search-error" /> : null}
        {search.data && search.data.length === 0 ? (
          <p data-testid="search-empty" className="text-xs text-zinc-500">
            Nothing found for “{query}”.
          </p>
        ) : null}
        {search.data && search.data.length > 0 ? (
          <ul data-testid="search-results" className="space-y-1.5">
            {search.data.map((hit) => (
              <SearchHitItem key={hit.messageId} hit={hit} onOpen={openHit} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
