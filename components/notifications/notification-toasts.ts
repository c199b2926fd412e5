import type { QueryClient } from "@tanstack/react-query";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** A notification as it arrived over the WebSocket (no repo id: see notification-href). */
export type LiveNotification = Extract<ServerMessage, { type: "notification" }>["notification"];

/** Toasts of this tab, oldest first; written only by WebSocket messages and dismissals. */

const MAX_TOASTS = 3;

/** Adds a toast once per notification id, keeping the newest few. */
export function addToast(
  toasts: LiveNotification[],
  notification: LiveNotification,
  max = MAX_TOASTS,
): LiveNotification[] {
  if (toasts.some((toast) => toast.id === notification.id)) return toasts;
  return [...toasts, notification].slice(-max);
}

export function removeToast(toasts: LiveNotification[], id: number): LiveNotification[] {
  return toasts.filter((toast) => toast.id !== id);
}

/** A live notification: shown as a toast, and the inbox (with its unread count) is asked again. */
export function applyNotificationToCache(client: QueryClient, notification: LiveNotification): void {
  client.setQueryData<LiveNotification[]>(queryKeys.notificationToasts(), (current) =>
    addToast(current ?? [], notification),
  );
  void client.invalidateQueries({ queryKey: queryKeys.notifications() });
}
