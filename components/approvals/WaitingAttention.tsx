"use client";

import { useMemo } from "react";
import { usePendingApprovals } from "@/components/api/approvals-api.ts";
import { chatHref } from "@/components/logs/logs-href.ts";
import { useBrowserNotifications, useBrowserPermission } from "@/components/notifications/use-browser-notifications.ts";
import { describeApprovalAlert } from "./approval-text.ts";

/**
 * Makes waiting requests hard to miss from anywhere: each new one becomes a desktop alert naming
 * the worktree and what it asks, when the user allowed alerts. Requests already waiting when the
 * tab opened are not announced again. (The tab title's count is AttentionTabTitle's.)
 */
export function WaitingAttention() {
  const pending = usePendingApprovals().data;
  const { permission } = useBrowserPermission();
  const alerts = useMemo(
    () =>
      pending?.map((approval) => ({
        tag: `arbor-approval-${approval.id}`,
        ...describeApprovalAlert(approval),
        href: chatHref({ repoId: approval.repoId, worktreePath: approval.worktreePath }),
      })) ?? null,
    [pending],
  );
  useBrowserNotifications({ alerts, permission, isExistingQuiet: true });
  return null;
}
