"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { RepoScan } from "@/lib/git/types.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import { findNotificationRepo, notificationHref } from "./notification-href.ts";
import { type NotificationView } from "./notifications-api.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * Builds the link that opens a notified worktree's chat, looking the repository up in what the
 * cache already holds (the inbox rows, the pins, the worktree scans) at the moment it is needed.
 */
export function useNotificationHref(): (notification: {
  id: number;
  worktreePath: string;
  repoId?: string | null;
}) => string {
  const client = useQueryClient();
  return useCallback(
    (notification) => {
      const inboxRow = client
        .getQueryData<NotificationView[]>(queryKeys.unreadNotifications())
        ?.find((item) => item.id === notification.id);
      const scans = client
        .getQueriesData<RepoScan>({ queryKey: queryKeys.worktrees() })
        .flatMap(([key, scan]) =>
          scan && typeof key[1] === "string"
            ? [{ repoId: key[1], worktreePaths: scan.worktrees.map((worktree) => worktree.path) }]
            : [],
        );
      const repoId = findNotificationRepo({
        worktreePath: notification.worktreePath,
        repoId: notification.repoId ?? inboxRow?.repoId ?? null,
        pins: client.getQueryData<PinView[]>(queryKeys.pins()) ?? [],
        scans,
      });
      return notificationHref({ repoId, worktreePath: notification.worktreePath });
    },
    [client],
  );
}
