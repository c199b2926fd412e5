"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { LiveNotification } from "./notification-toasts.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

type BrowserPermission = NotificationPermission | "unsupported";

function readPermission(): BrowserPermission {
  return typeof window !== "undefined" && "Notification" in window ? window.Notification.permission : "unsupported";
}

/** Whether the browser may show system notifications, and a way to ask (it must follow a click). */
export function useBrowserPermission(): { permission: BrowserPermission; request: () => void } {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.browserNotificationPermission(),
    queryFn: readPermission,
    staleTime: Infinity,
  });
  const request = useCallback(() => {
    if (readPermission() === "unsupported") return;
    void window.Notification.requestPermission().then((result) =>
      client.setQueryData(queryKeys.browserNotificationPermission(), result),
    );
  }, [client]);
  return { permission: query.data ?? "unsupported", request };
}

/**
 * Shows each new toast as a system notification too, once, when the user allowed it. Clicking
 * it brings the tab forward and opens the worktree's chat.
 */
export function useBrowserNotifications(input: {
  toasts: LiveNotification[];
  permission: BrowserPermission;
  hrefFor: (toast: LiveNotification) => string;
}): void {
  const shown = useRef(new Set<number>());
  const { toasts, permission, hrefFor } = input;
  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      if (permission !== "granted") continue;
      const title = toast.type === "error" ? "Claude stopped on an error" : "Claude finished";
      const notification = new window.Notification(title, { body: toast.excerpt, tag: `arbor-${toast.id}` });
      notification.onclick = () => {
        window.focus();
        window.location.assign(hrefFor(toast));
      };
    }
  }, [toasts, permission, hrefFor]);
}
