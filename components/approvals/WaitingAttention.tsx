"use client";

import { useMemo } from "react";
import { usePendingApprovals } from "@/components/api/approvals-api.ts";
import { chatHref } from "@/components/logs/logs-href.ts";
import { useBrowserNotifications, useBrowserPermission } from "@/components/notifications/use-browser-notifications.ts";
import { useNotificationPrefs } from "@/components/notifications/use-notification-prefs.ts";
import { shouldNotify } from "@/lib/settings/notification-prefs.ts";
import { describeApprovalAlert } from "./approval-text.ts";

/**
 * Makes waiting requests hard to miss from anywhere: each new one becomes a desktop alert naming
 * the worktree and what it asks, when the user allowed alerts and neither quiet mode nor the
 * "waiting" switch (Settings) holds it back. Requests already waiting when the tab opened, or while
 * muted, are not announced later. (The tab title's count is AttentionTabTitle's.)
 */
export function WaitingAttention() {
  const pending = usePendingApprovals().data;
  const { permission } = useBrowserPermission();
  const prefs = useNotificationPrefs();
  const alerts = useMemo(() => {
    if (!pending || !prefs) return null;
    const isMuted = !shouldNotify("waiting", prefs).alert;
    return pending.map((approval) => ({
      tag: `arbor-approval-${approval.id}`,
      ...describeApprovalAlert(approval),
      href: chatHref({ repoId: approval.repoId, worktreePath: approval.worktreePath }),
      isMuted,
    }));
  }, [pending, prefs]);
  useBrowserNotifications({ alerts, permission, isExistingQuiet: true });
  return null;
}
