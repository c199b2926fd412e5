"use client";

import type { ComponentProps } from "react";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import type { WorktreeChecksView } from "@/lib/realtime/check-views.ts";

type Status = WorktreeChecksView["status"];

const LOOK: Record<Status, { tone: BadgeTone; label: string }> = {
  passed: { tone: "emerald", label: "checks passed" },
  failed: { tone: "red", label: "checks failed" },
  running: { tone: "sky", label: "checks running" },
  timed_out: { tone: "red", label: "checks timed out" },
  cancelled: { tone: "muted", label: "checks cancelled" },
  not_run: { tone: "muted", label: "checks not run" },
};

/** A worktree's check status ("checks failed") or, `isShort`, one check's ("failed"), in a colour. */
export function CheckStatusBadge({
  status,
  isShort = false,
  ...props
}: { status: Status; isShort?: boolean } & Omit<ComponentProps<"span">, "children">) {
  const look = LOOK[status];
  return (
    <Badge tone={look.tone} data-status={status} {...props}>
      {isShort ? status.replace("_", " ") : look.label}
    </Badge>
  );
}
