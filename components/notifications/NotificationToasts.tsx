"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import { notifyStateOfType, shouldNotify } from "@/lib/settings/notification-prefs.ts";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { folderName } from "./group-notifications.ts";
import { notificationLook } from "./notification-look.ts";
import { removeToast, type LiveNotification } from "./notification-toasts.ts";
import { useBrowserNotifications, useBrowserPermission } from "./use-browser-notifications.ts";
import { useMarkNotificationsRead } from "./notifications-api.ts";
import { useNotificationHref } from "./use-notification-href.ts";
import { useNotificationPrefs } from "./use-notification-prefs.ts";
import { useOpenNotification } from "./use-open-notification.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

const SHOW_FOR_MS = 15_000;

/**
 * Notifications that arrived while this tab is open, top right, each for a while (or until
 * dismissed); a system notification too when the user allowed them. Quiet mode (Settings) shows
 * neither (the inbox keeps them); one about how a run ended in the chat the user is looking at is marked read.
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
  const prefs = useNotificationPrefs();
  const openWorktree = useSearchParams().get("wt");
  const markRead = useMarkNotificationsRead().mutate;
  const alerts = useMemo(() => {
    if (!prefs) return null;
    const isVisible = typeof document !== "undefined" && document.visibilityState === "visible";
    return (toasts.data ?? []).map((toast) => {
      // An Arbor run in the chat the user is looking at: they saw it end (a terminal session's words they did not).
      const isSeen = isVisible && toast.isArborRun === true && toast.worktreePath === openWorktree;
      return {
        toast,
        isSeen,
        tag: `arbor-${toast.id}`,
        title: toast.type === "error" ? "Claude stopped on an error" : "Claude finished",
        body: toast.excerpt,
        href: hrefFor(toast),
        isMuted: isSeen || !shouldNotify(notifyStateOfType(toast.type), prefs).alert,
      };
    });
  }, [toasts.data, hrefFor, prefs, openWorktree]);
  useBrowserNotifications({ alerts, permission });
  const dismiss = useCallback(
    (id: number) =>
      client.setQueryData<LiveNotification[]>(queryKeys.notificationToasts(), (current) =>
        removeToast(current ?? [], id),
      ),
    [client],
  );
  // A muted one is dropped at once, so it does not pop up when quiet mode ends; one about the chat
  // the user is looking at is read already.
  useEffect(() => {
    for (const alert of alerts ?? []) {
      if (!alert.isMuted) continue;
      dismiss(alert.toast.id);
      if (alert.isSeen) markRead({ id: alert.toast.id });
    }
  }, [alerts, dismiss, markRead]);
  const list = (alerts ?? []).filter((alert) => !alert.isMuted).map((alert) => alert.toast);
  if (list.length === 0) return null;
  return (
    // Never over the chat's approval cards or composer: from 1024 px they stack in the repositories
    // column, above its footer; on narrower screens only the newest shows, under the header.
    <div
      data-testid="notification-toasts"
      className="fixed inset-x-2 top-14 z-50 flex flex-col gap-2 max-lg:[&>*:not(:last-child)]:hidden lg:inset-x-auto lg:bottom-36 lg:left-3 lg:top-auto lg:w-[16.5rem]"
      aria-live="polite"
    >
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
