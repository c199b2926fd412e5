"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { folderName } from "./group-notifications.ts";
import { notificationLook } from "./notification-look.ts";
import { removeToast, type LiveNotification } from "./notification-toasts.ts";
import { useBrowserNotifications, useBrowserPermission } from "./use-browser-notifications.ts";
import { useNotificationHref } from "./use-notification-href.ts";
import { useOpenNotification } from "./use-open-notification.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

const SHOW_FOR_MS = 15_000;

/**
 * Notifications that arrived while this tab is open, bottom right, each for a while (or until
 * dismissed); a system notification too when the user allowed them.
 */
export function NotificationToasts() {
  const client = useQueryClient();
  const toasts = useQuery({
    queryKey: queryKeys.notificationToasts(),
    // Written only by WebSocket messages (setQueryData): the query just reads the cache.
    queryFn: () => client.getQueryData<LiveNotification[]>(queryKeys.notificationToasts()) ?? [],
    staleTime: Infinity,
  });
  const { permission } = useBrowserPermission();
  const hrefFor = useNotificationHref();
  const list = useMemo(() => toasts.data ?? [], [toasts.data]);
  const alerts = useMemo(
    () =>
      list.map((toast) => ({
        tag: `arbor-${toast.id}`,
        title: toast.type === "error" ? "Claude stopped on an error" : "Claude finished",
        body: toast.excerpt,
        href: hrefFor(toast),
      })),
    [list, hrefFor],
  );
  useBrowserNotifications({ alerts, permission });
  const dismiss = useCallback(
    (id: number) =>
      client.setQueryData<LiveNotification[]>(queryKeys.notificationToasts(), (current) =>
        removeToast(current ?? [], id),
      ),
    [client],
  );
  if (list.length === 0) return null;
  return (
    <div className="fixed bottom-4 right-4 z-50 flex w-80 flex-col gap-2" aria-live="polite">
      {list.map((toast) => (
        <NotificationToast key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
}

function NotificationToast({ toast, onDismiss }: { toast: LiveNotification; onDismiss: (id: number) => void }) {
  const open = useOpenNotification();
  const hrefFor = useNotificationHref();
  const look = notificationLook(toast.type);
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), SHOW_FOR_MS);
    return () => clearTimeout(timer);
  }, [onDismiss, toast.id]);
  return (
    <div
      role="status"
      data-testid="notification-toast"
      data-type={toast.type}
      data-id={toast.id}
      className={`rounded-lg border px-3 py-2 text-xs shadow-lg ${look.tone}`}
    >
      <div className="flex items-center gap-2">
        <span aria-hidden>{look.icon}</span>
        <span className="font-semibold">{look.title}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-[10px] opacity-70" title={toast.worktreePath}>
          {folderName(toast.worktreePath)}
        </span>
        <IconButton
          label="Dismiss"
          variant="bare"
          data-testid="notification-toast-dismiss"
          onClick={() => onDismiss(toast.id)}
          className="opacity-60 hover:opacity-100"
        >
          ✕
        </IconButton>
      </div>
      <p className="mt-1 line-clamp-3 break-words">{toast.excerpt}</p>
      <a
        href={hrefFor(toast)}
        onClick={(event) => open(toast, event)}
        data-testid="notification-toast-open"
        className="mt-1 inline-block font-medium underline"
      >
        Open the chat
      </a>
    </div>
  );
}
