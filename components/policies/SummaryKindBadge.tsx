"use client";

import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";

const LOOK: Record<string, { label: string; tone: BadgeTone; title: string }> = {
  pending: { label: "summarizing…", tone: "zinc", title: "The small model is writing the one-line summary" },
  model: { label: "summary", tone: "emerald", title: "Written by the small model" },
  extractive: {
    label: "extractive",
    tone: "amber",
    title: "The model could not write it: cut from the exchange itself",
  },
  failed: { label: "failed", tone: "red", title: "No summary could be written" },
};

/** Where a topic log entry's one-line summary came from. */
export function SummaryKindBadge({ kind }: { kind: string }) {
  const look = LOOK[kind] ?? LOOK.pending!;
  return (
    <Badge
      tone={look.tone}
      size="xs"
      data-testid="summary-kind-badge"
      data-kind={kind}
      title={look.title}
      className="shrink-0"
    >
      {look.label}
    </Badge>
  );
}
