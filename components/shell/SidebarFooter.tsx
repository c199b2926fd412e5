"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import type { MouseEvent } from "react";
import { NotificationCenter } from "@/components/notifications/NotificationCenter.tsx";
import { ConnectionIndicator } from "@/components/realtime/ConnectionIndicator.tsx";
import { footerLinks } from "./footer-links.ts";
import { ThemeSwitch } from "./ThemeSwitch.tsx";

const linkClass =
  "text-xs font-medium text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400";

/** Bottom of the left column: settings, logs and project links, notifications, and whether live updates are connected. */
export function SidebarFooter() {
  const router = useRouter();
  const links = footerLinks(useSearchParams().toString());
  // The selection lives in this page's query string (pushState), so it is read again at
  // click time; the settings page gets it for its "Back" link.
  const follow = (event: MouseEvent<HTMLAnchorElement>, target: (search: string) => string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.push(target(window.location.search));
  };
  return (
    <div className="flex flex-col gap-1.5 border-r border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <nav className="flex items-center gap-3" aria-label="Arbor pages">
        <Link
          href={links.settings}
          onClick={(event) => follow(event, (search) => footerLinks(search).settings)}
          data-testid="settings-link"
          className={linkClass}
        >
          ⚙ Settings
        </Link>
        <Link
          href={links.logs}
          onClick={(event) => follow(event, (search) => footerLinks(search).logs)}
          data-testid="logs-link"
          className={linkClass}
          title="Hook events of the open worktree (or of everything)"
        >
          ☰ Logs
        </Link>
        <Link
          href={links.project}
          onClick={(event) => follow(event, (search) => footerLinks(search).project)}
          data-testid="project-link"
          className={linkClass}
          title="Hook policies, topics and decisions of the repository"
        >
          ◆ Project
        </Link>
      </nav>
      <div className="flex items-center justify-between gap-2">
        <NotificationCenter />
        <ThemeSwitch />
        <ConnectionIndicator />
      </div>
    </div>
  );
}
