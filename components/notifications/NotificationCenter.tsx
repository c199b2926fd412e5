"use client";

import { useEffect } from "react";
import { AttentionTabTitle } from "@/components/attention/AttentionTabTitle.tsx";
import { WaitingAttention } from "@/components/approvals/WaitingAttention.tsx";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { NotificationBell } from "./NotificationBell.tsx";
import { NotificationToasts } from "./NotificationToasts.tsx";

/**
 * The bell, its inbox and the live toasts, the desktop alerts of waiting requests and the tab
 * title's count of worktrees that need the user; keeps the socket subscribed to the notifier while shown.
 */
export function NotificationCenter() {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeNotifications(), [realtime]);
  return (
    <>
      <NotificationBell />
      <NotificationToasts />
      <WaitingAttention />
      <AttentionTabTitle />
    </>
  );
}
