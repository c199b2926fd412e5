"use client";

import { useCallback, useRef, useState } from "react";
import { usePendingApprovals } from "@/components/api/approvals-api.ts";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { useDismiss } from "@/components/ui/use-dismiss.ts";
import { shouldNotify } from "@/lib/settings/notification-prefs.ts";
import { NotificationInbox } from "./NotificationInbox.tsx";
import { useUnreadNotifications } from "./notifications-api.ts";
import { useNotificationPrefs } from "./use-notification-prefs.ts";

/**
 * The bell with the count of unread notifications and waiting requests; it opens the inbox
 * (Escape or a click elsewhere closes it).
 */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const waiting = usePendingApprovals();
  const prefs = useNotificationPrefs();
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  // With the "waiting" switch off, requests show on their worktree and in the attention view only.
  const waitingShown = prefs && !shouldNotify("waiting", prefs).inbox ? [] : (waiting.data ?? []);
  const waitingCount = waitingShown.length;
  const isQuiet = prefs?.quietMode ?? false;
  const count = (unread.data?.length ?? 0) + waitingCount;

  useDismiss({ isOpen, container, onDismiss: useCallback(() => setIsOpen(false), []) });

  return (
    <div ref={container} className="relative">
      <IconButton
        label={`Notifications, ${count} unread${waitingCount > 0 ? `, ${waitingCount} waiting for you` : ""}${isQuiet ? ", quiet mode on" : ""}`}
        data-testid="notifications-bell"
        data-unread={count}
        data-waiting={waitingCount}
        data-quiet={isQuiet}
        aria-expanded={isOpen}
        title={
          isQuiet
            ? "Quiet mode (Settings): the inbox collects, nothing pops up"
            : "Requests waiting for you, completion and error notifications"
        }
        onClick={() => setIsOpen((open) => !open)}
        className="relative flex items-center px-1 py-0.5 text-zinc-600 dark:text-zinc-400"
      >
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 2 6H3c.5-.5 2-2 2-6Z" />
          <path d="M8.5 17a1.6 1.6 0 0 0 3 0" />
          {isQuiet ? <path d="M3 3l14 14" /> : null}
        </svg>
        {count > 0 ? (
          <span
            data-testid="notifications-badge"
            className={`absolute -right-1.5 -top-1 min-w-4 rounded-full px-1 ${waitingCount > 0 ? "bg-amber-500" : "bg-red-600"} text-center text-[10px] font-semibold leading-4 text-white`}
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </IconButton>
      {isOpen ? (
        <NotificationInbox
          notifications={unread.data}
          waiting={waitingShown}
          error={unread.error ?? waiting.error}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </div>
  );
}
