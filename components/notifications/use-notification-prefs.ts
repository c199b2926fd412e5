"use client";

import { useSettings } from "@/components/api/settings-api.ts";
import type { NotificationPrefs } from "@/lib/settings/notification-prefs.ts";

/** The user's notification switches and quiet mode (Settings), null until loaded. */
export function useNotificationPrefs(): NotificationPrefs | null {
  return useSettings().data?.settings ?? null;
}
