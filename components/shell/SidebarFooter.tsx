"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { ConnectionIndicator } from "@/components/realtime/ConnectionIndicator";

/** Bottom of the left column: the settings link and whether live updates are connected. */
export function SidebarFooter() {
  const router = useRouter();
  // The selection lives in this page's query string (replaceState), so it is read at click
  // time and handed to the settings page for its "Back" link.
  const openSettings = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const from = window.location.search;
    router.push(from ? `/settings?from=${encodeURIComponent(from)}` : "/settings");
  };
  return (
    <div className="flex items-center justify-between gap-2 border-r border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <Link href="/settings" onClick={openSettings} data-testid="settings-link" className="text-xs font-medium text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400">
        ⚙ Settings
      </Link>
      <ConnectionIndicator />
    </div>
  );
}
