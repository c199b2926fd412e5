"use client";

import { Badge } from "@/components/ui/Badge.tsx";

/** Marks a message that "Lighten" moved out of the working history (shown under "Show older"). */
export function ArchivedTag() {
  return (
    <Badge tone="zinc" size="xs" data-testid="archived-tag" className="uppercase tracking-wide">
      archived
    </Badge>
  );
}
