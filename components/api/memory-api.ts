"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import type { SearchHit } from "@/lib/memory/search-hit.ts";
import type { SummaryView } from "@/lib/memory/summary-view.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { announceSignedOut, pageKeyHeaders } from "./page-key.ts";

export type { SearchHit };

/** The session's latest rolling summary (null before the first one); refetched on the server's "invalidate". */
export function useSummary(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.summary(sessionId),
    queryFn: ({ signal }) =>
      fetchJson<{ summary: SummaryView | null }>(`/api/chat/summary?sessionId=${sessionId}`, { signal }).then(
        (r) => r.summary,
      ),
  });
}

/** POST /api/chat/summarize: rolls the new messages into the summary (may fall back to an extractive one). */
export function useSummarize(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchJson<{ summary: SummaryView }>("/api/chat/summarize", { method: "POST", body: { sessionId } }).then(
        (r) => r.summary,
      ),
    onSuccess: (summary) => client.setQueryData(queryKeys.summary(sessionId), summary),
  });
}

/** POST /api/chat/purge ("Lighten"): archives summarized messages older than the last keepLastN. */
export function useLighten(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keepLastN: number) =>
      fetchJson<{ archivedCount: number }>("/api/chat/purge", { method: "POST", body: { sessionId, keepLastN } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages(sessionId) }),
  });
}

/** A worktree's conversations: the active one first, then archived ones. */
export function useWorktreeSessions(input: { repoId: string; worktreePath: string }) {
  return useQuery({
    queryKey: queryKeys.worktreeSessions(input.repoId, input.worktreePath),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ repoId: input.repoId, worktreePath: input.worktreePath });
      return fetchJson<{ sessions: SessionView[] }>(`/api/chat/sessions?${query.toString()}`, { signal }).then(
        (r) => r.sessions,
      );
    },
  });
}

/**
 * POST /api/chat/sessions/archive. The cached copies are marked archived at once, so the chat
 * turns read-only without a gap; then the worktree's session is asked again, which starts the
 * next (new, active) conversation.
 */
export function useArchiveSession(session: SessionView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchJson<{ ok: true }>("/api/chat/sessions/archive", { method: "POST", body: { sessionId: session.id } }),
    onSuccess: () => {
      const activeKey = queryKeys.chatSession(session.repoId, session.worktreePath);
      const listKey = queryKeys.worktreeSessions(session.repoId, session.worktreePath);
      const markArchived = (item: SessionView): SessionView =>
        item.id === session.id ? { ...item, status: "archived" } : item;
      client.setQueryData<SessionView>(activeKey, (current) => (current ? markArchived(current) : current));
      client.setQueryData<SessionView[]>(listKey, (current) => current?.map(markArchived));
      void client.invalidateQueries({ queryKey: activeKey });
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** Full-text search across the repository's conversations, archived messages included. */
export function useSearchMessages(input: { repoId: string; query: string }) {
  return useQuery({
    queryKey: queryKeys.search(input.repoId, input.query),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ repoId: input.repoId, q: input.query });
      return fetchJson<{ hits: SearchHit[] }>(`/api/chat/search?${query.toString()}`, { signal }).then((r) => r.hits);
    },
    enabled: input.query.trim() !== "",
  });
}

/**
 * Downloads a whole conversation as Markdown. Fetched with the page key (a plain link would carry only the
 * cookie, which the API refuses), then handed to the browser as a file under the server's name for it.
 */
export async function downloadExport(sessionId: string): Promise<void> {
  const response = await fetch(`/api/chat/export?sessionId=${encodeURIComponent(sessionId)}`, {
    headers: pageKeyHeaders(),
  });
  if (response.status === 401) announceSignedOut();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `Export failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "conversation.md";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
