"use client";

const LOOK: Record<string, { label: string; tone: string; title: string }> = {
  pending: {
    label: "summarizing…",
    tone: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
    title: "The small model is writing the one-line summary",
  },
  model: {
    label: "summary",
    tone: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
    title: "Written by the small model",
  },
  extractive: {
    label: "extractive",
    tone: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
    title: "The model could not write it: cut from the exchange itself",
  },
  failed: {
    label: "failed",
    tone: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
    title: "No summary could be written",
  },
};

/** Where a topic log entry's one-line summary came from. */
export function SummaryKindBadge({ kind }: { kind: string }) {
  const look = LOOK[kind] ?? LOOK.pending!;
  return (
    <span
      data-testid="summary-kind-badge"
      data-kind={kind}
      title={look.title}
      className={`shrink-0 rounded px-1.5 py-px text-[10px] font-medium ${look.tone}`}
    >
      {look.label}
    </span>
  );
}
