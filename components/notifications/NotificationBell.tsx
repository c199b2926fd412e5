"use client";

import { useEffect, useRef, useState } from "react";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { NotificationInbox } from "./NotificationInbox.tsx";
import { useUnreadNotifications } from "./notifications-api.ts";

/** The bell with the unread count; it opens the inbox (Escape or a click elsewhere closes it). */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const count = unread.data?.length ?? 0;

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  return (
    <div ref={container} className="relative">
      <IconButton
        label={`Notifications, ${count} unread`}
        data-testid="notifications-bell"
        data-unread={count}
        aria-expanded={isOpen}
        title="Completion and error notifications"
        onClick={() => setIsOpen((open) => !open)}
        className="relative flex items-center px-1 py-0.5 text-zinc-600 dark:text-zinc-400"
      >
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 2 6H3c.5-.5 2-2 2-6Z" />
          <path d="M8.5 17a1.6 1.6 0 0 0 3 0" />
        </svg>
        {count > 0 ? (
          <span
            data-testid="notifications-badge"
            className="absolute -right-1.5 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </IconButton>
      {isOpen ? (
        <NotificationInbox notifications={unread.data} error={unread.error} onClose={() => setIsOpen(false)} />
      ) : null}
    </div>
  );
}
