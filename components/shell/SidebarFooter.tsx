"use client";

import Link from "next/link";
import { ConnectionIndicator } from "@/components/realtime/ConnectionIndicator";

/** Bottom of the left column: the settings link and whether live updates are connected. */
export function SidebarFooter() {
  return (
    <div className="flex items-center justify-between gap-2 border-r border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <Link href="/settings" data-testid="settings-link" className="text-xs font-medium text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400">
        ⚙ Settings
      </Link>
      <ConnectionIndicator />
    </div>
  );
}
