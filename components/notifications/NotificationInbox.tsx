"use client";

import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { WaitingInboxSection } from "@/components/approvals/WaitingInboxSection.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { folderName, groupByWorktree } from "./group-notifications.ts";
import { NotificationItem } from "./NotificationItem.tsx";
import { useMarkNotificationsRead, type NotificationView } from "./notifications-api.ts";
import { useBrowserPermission } from "./use-browser-notifications.ts";

/** Requests waiting for the user, then the unread completion/error notifications by worktree, opening upwards from the bell. */
export function NotificationInbox(props: {
  notifications: NotificationView[] | undefined;
  waiting: ApprovalView[];
  error: unknown;
  onClose: () => void;
}) {
  const markRead = useMarkNotificationsRead();
  const browser = useBrowserPermission();
  const groups = groupByWorktree(props.notifications ?? []);
  return (
    <div
      role="dialog"
      aria-label="Notifications"
      data-testid="notifications-inbox"
      className="absolute bottom-full left-0 z-50 mb-2 flex max-h-[28rem] w-80 flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 className="mr-auto text-sm font-semibold">Notifications</h2>
        {browser.permission === "default" ? (
          <Button
            size="xs"
            data-testid="enable-browser-notifications"
            onClick={browser.request}
            title="Also show them as system notifications"
          >
            Enable desktop alerts
          </Button>
        ) : null}
        {browser.permission === "granted" ? (
          <span className="text-[10px] text-zinc-500" data-testid="browser-notifications-on">
            desktop alerts on
          </span>
        ) : null}
        <IconButton label="Close" data-testid="notifications-close" onClick={props.onClose} className="text-zinc-400">
          ✕
        </IconButton>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {props.error ? <ErrorNotice error={props.error} testId="notifications-error" /> : null}
        {markRead.error ? <ErrorNotice error={markRead.error} testId="notifications-error" /> : null}
        <WaitingInboxSection approvals={props.waiting} />
        {props.notifications && groups.length === 0 && props.waiting.length === 0 ? (
          <p data-testid="notifications-empty" className="px-3 py-4 text-xs text-zinc-500">
            Nothing unread. When Claude says a task is done or it stopped on an error (with hooks installed), it shows
            up here.
          </p>
        ) : null}
        {groups.map((group) => (
          <section
            key={group.worktreePath}
            data-testid="notifications-group"
            data-worktree={group.worktreePath}
            className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800"
          >
            <div className="flex items-center gap-2 px-3 pt-2 text-[11px] text-zinc-500">
              <span className="min-w-0 flex-1 truncate font-mono" title={group.worktreePath}>
                {folderName(group.worktreePath)}
              </span>
              <Button
                size="xs"
                data-testid="notifications-read-worktree"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate({ worktreePath: group.worktreePath })}
              >
                Mark all read
              </Button>
            </div>
            <ul>
              {group.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  isBusy={markRead.isPending}
                  onMarkRead={() => markRead.mutate({ id: notification.id })}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
