"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { SessionView, WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import {
  FIRST_MESSAGE_PAGE,
  nextMessagePageParam,
  shareMessagesById,
  type MessagePage,
} from "@/components/memory/message-paging.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * The worktree's active chat session. Opening is idempotent on the server (it returns the
 * existing active session), so it is cached like a query and re-asked after a reload.
 */
export function useChatSession(input: { repoId: string | null; worktreePath: string | null }) {
  return useQuery({
    queryKey: queryKeys.chatSession(input.repoId ?? "none", input.worktreePath ?? "none"),
    queryFn: () =>
      fetchJson<{ session: SessionView }>("/api/chat/sessions", { method: "POST", body: input }).then((r) => r.session),
    enabled: input.repoId !== null && input.worktreePath !== null,
    staleTime: Infinity,
  });
}

/** Pages of messages, newest page first; `fetchNextPage` loads the page before the oldest one. */
export function useMessages(sessionId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages(sessionId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ sessionId });
      if (pageParam.beforeId !== null) query.set("beforeId", String(pageParam.beforeId));
      if (pageParam.includeArchived) query.set("includeArchived", "1");
      return fetchJson<MessagePage>(`/api/chat/messages?${query.toString()}`, { signal });
    },
    initialPageParam: FIRST_MESSAGE_PAGE,
    getNextPageParam: nextMessagePageParam,
    structuralSharing: shareMessagesById,
  });
}

export function fetchActivity(repoId: string, signal?: AbortSignal): Promise<WorktreeActivity[]> {
  return fetchJson<{ worktrees: WorktreeActivity[] }>(`/api/repos/${repoId}/activity`, { signal }).then(
    (r) => r.worktrees,
  );
}
