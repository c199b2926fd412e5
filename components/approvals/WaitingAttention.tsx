"use client";

import { useEffect, useMemo } from "react";
import { usePendingApprovals } from "@/components/api/approvals-api.ts";
import { chatHref } from "@/components/logs/logs-href.ts";
import { useBrowserNotifications, useBrowserPermission } from "@/components/notifications/use-browser-notifications.ts";
import { formatTabTitle } from "./approval-lists.ts";
import { describeApprovalAlert } from "./approval-text.ts";

const APP_TITLE = "Arbor";

/**
 * Makes waiting requests hard to miss from anywhere: the tab title counts them ("(2) Arbor"), and
 * each new one becomes a desktop alert naming the worktree and what it asks, when the user
 * allowed alerts. Requests already waiting when the tab opened are counted, not announced again.
 */
export function WaitingAttention() {
  const pending = usePendingApprovals().data;
  const { permission } = useBrowserPermission();
  const count = pending?.length ?? 0;
  useEffect(() => {
    document.title = formatTabTitle({ base: APP_TITLE, pending: count });
  }, [count]);
  useEffect(() => () => void (document.title = APP_TITLE), []);
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
