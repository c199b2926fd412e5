"use client";

import { useEffect } from "react";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { NotificationBell } from "./NotificationBell.tsx";
import { NotificationToasts } from "./NotificationToasts.tsx";

/** The bell, its inbox and the live toasts; keeps the socket subscribed to the notifier while shown. */
export function NotificationCenter() {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeNotifications(), [realtime]);
  return (
    <>
      <NotificationBell />
      <NotificationToasts />
    </>
  );
}
