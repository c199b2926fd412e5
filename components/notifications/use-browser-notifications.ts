"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
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

/** A system notification to show once: `tag` identifies it (the same tag in two tabs shows once). */
export interface BrowserAlert {
  tag: string;
  title: string;
  body: string;
  /** Where clicking it goes: the worktree's chat. */
  href: string;
  /** Counted as shown but not shown (quiet mode, its state switched off, or the user is looking at it). */
  isMuted?: boolean;
}

/**
 * Shows each new alert as a system notification, once, when the user allowed them. Clicking one
 * brings the tab forward and opens the worktree's chat. `alerts` is null until known; with
 * `isExistingQuiet`, the alerts known at first (pending before the tab opened) are not shown.
 */
export function useBrowserNotifications(input: {
  alerts: BrowserAlert[] | null;
  permission: BrowserPermission;
  isExistingQuiet?: boolean;
}): void {
  const shown = useRef<Set<string> | null>(null);
  const { alerts, permission, isExistingQuiet = false } = input;
  useEffect(() => {
    if (!alerts) return;
    const isFirst = shown.current === null;
    const seen = (shown.current ??= new Set());
    for (const alert of alerts) {
      if (seen.has(alert.tag)) continue;
      seen.add(alert.tag);
      if (permission !== "granted" || alert.isMuted || (isFirst && isExistingQuiet)) continue;
      void showAlert(alert);
    }
  }, [alerts, permission, isExistingQuiet]);
}

/**
 * Shows one alert through the service worker when it runs (it survives the tab being closed and a
 * click focuses or opens Arbor on the worktree: public/sw.js), else as the page's own notification.
 */
async function showAlert(alert: BrowserAlert): Promise<void> {
  const registration =
    "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  if (registration?.active) {
    await registration.showNotification(alert.title, { body: alert.body, tag: alert.tag, data: { href: alert.href } });
    return;
  }
  const notification = new window.Notification(alert.title, { body: alert.body, tag: alert.tag });
  notification.onclick = () => {
    window.focus();
    window.location.assign(alert.href);
  };
}
