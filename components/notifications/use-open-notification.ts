"use client";

import { useCallback, type MouseEvent } from "react";
import { useMarkNotificationsRead } from "./notifications-api.ts";
import { useNotificationHref } from "./use-notification-href.ts";

/**
 * Click handler of a notification's link: marks it read, then opens the worktree's chat with a
 * full page load (the main page reads its selection from the URL when it loads). Modified
 * clicks keep the browser's behaviour (new tab) and mark nothing.
 */
export function useOpenNotification(): (
  notification: { id: number; worktreePath: string; repoId?: string | null },
  event: MouseEvent<HTMLAnchorElement>,
) => void {
  const hrefFor = useNotificationHref();
  const { mutate } = useMarkNotificationsRead();
  return useCallback(
    (notification, event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      const href = hrefFor(notification);
      mutate({ id: notification.id }, { onSettled: () => window.location.assign(href) });
    },
    [hrefFor, mutate],
  );
}
