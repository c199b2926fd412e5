import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import { formatDuration } from "@/components/ui/format-duration.ts";
import { folderName } from "@/components/ui/folder-name.ts";

/** What a row is called: its plan node's title, else its branch, else its folder. Pure. */
export function attentionRowName(item: Pick<AttentionItem, "planNode" | "branch" | "worktreePath">): string {
  return item.planNode?.title ?? item.branch ?? folderName(item.worktreePath);
}

/**
 * How long the row has been in its state, moving with `now`: "running 1 min 5 s" from its run's
 * start, "waiting 42 s" from the oldest request it waits on; null for a settled row. Pure.
 */
export function attentionElapsed(input: {
  item: Pick<AttentionItem, "state" | "lastRun">;
  waitingSince: string | null;
  now: number;
}): string | null {
  // Whole seconds: a clock that ticks each second, never backwards when this tab's clock runs ahead.
  const since = (iso: string) => {
    const seconds = Math.floor(Math.max(0, input.now - Date.parse(iso)) / 1000);
    return seconds < 60 ? `${seconds} s` : formatDuration(seconds * 1000);
  };
  if (input.item.state === "waiting" && input.waitingSince) return `waiting ${since(input.waitingSince)}`;
  if (input.item.state === "running" && input.item.lastRun?.startedAt)
    return `running ${since(input.item.lastRun.startedAt)}`;
  return null;
}
