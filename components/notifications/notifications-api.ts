"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api/fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** One row of the completion/error inbox (GET /api/notifications). */
export interface NotificationView {
  id: number;
  /** completion | error */
  type: string;
  repoId: string | null;
  worktreePath: string;
  sessionId: string;
  excerpt: string;
  isRead: boolean;
  createdAt: string;
}

/** ["notifications"] is what the server invalidates; the unread list lives under it. */

/** Unread notifications of every worktree, newest first; refetched when the server says so. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: queryKeys.unreadNotifications(),
    queryFn: ({ signal }) =>
      fetchJson<{ notifications: NotificationView[] }>("/api/notifications?unread=1", { signal }).then(
        (r) => r.notifications,
      ),
  });
}

/** POST /api/notifications/read: one notification ({id}) or all of a worktree ({worktreePath}). */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } | { worktreePath: string }) =>
      fetchJson<{ marked: number }>("/api/notifications/read", { method: "POST", body: input }),
    onSuccess: (_result, input) => {
      client.setQueryData<NotificationView[]>(queryKeys.unreadNotifications(), (current) =>
        current?.filter((item) => ("id" in input ? item.id !== input.id : item.worktreePath !== input.worktreePath)),
      );
      void client.invalidateQueries({ queryKey: queryKeys.notifications() });
    },
  });
}
