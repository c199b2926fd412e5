"use client";

import { Button } from "@/components/ui/Button.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { notificationLook } from "./notification-look.ts";
import type { NotificationView } from "./notifications-api.ts";
import { useNotificationHref } from "./use-notification-href.ts";
import { useOpenNotification } from "./use-open-notification.ts";

/** One unread notification: what Claude said, when; opens the worktree's chat or is marked read. */
export function NotificationItem(props: { notification: NotificationView; onMarkRead: () => void; isBusy: boolean }) {
  const { notification } = props;
  const open = useOpenNotification();
  const hrefFor = useNotificationHref();
  const look = notificationLook(notification.type);
  return (
    <li
      data-testid="notification-item"
      data-type={notification.type}
      data-id={notification.id}
      className="flex items-start gap-2 px-3 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
    >
      <span
        aria-hidden
        className={notification.type === "error" ? "text-red-600" : "text-emerald-600"}
        title={look.title}
      >
        {look.icon}
      </span>
      <a
        href={hrefFor(notification)}
        onClick={(event) => open(notification, event)}
        data-testid="notification-open"
        title="Open this worktree's chat"
        className="min-w-0 flex-1 text-xs hover:text-emerald-700 dark:hover:text-emerald-400"
      >
        <span className="line-clamp-2 break-words">{notification.excerpt}</span>
        <span className="block text-[10px] text-zinc-500">{formatRelativeTime(notification.createdAt)}</span>
      </a>
      <Button
        size="xs"
        data-testid="notification-read"
        disabled={props.isBusy}
        onClick={props.onMarkRead}
        title="Mark read"
        className="shrink-0 text-zinc-600 dark:text-zinc-400"
      >
        Mark read
      </Button>
    </li>
  );
}
