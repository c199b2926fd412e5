"use client";

import { Badge } from "@/components/ui/Badge.tsx";

/** Whether Arbor started the Claude session (a chat run) or the user did, in a terminal. */
export function OriginBadge({ isArborRun }: { isArborRun: boolean }) {
  return (
    <Badge
      tone={isArborRun ? "emerald" : "zinc"}
      size="xs"
      data-testid="timeline-origin"
      data-origin={isArborRun ? "arbor" : "terminal"}
      className="shrink-0"
    >
      {isArborRun ? "Arbor run" : "terminal"}
    </Badge>
  );
}
