import { countNeedingUser, type AttentionItem } from "@/lib/chat/attention/attention.ts";

const COUNT_PREFIX = /^\(\d+\) /;

/** The page's own title without a count Arbor put before it ("(3) Settings · Arbor" → "Settings · Arbor"). */
export function baseTabTitle(title: string): string {
  return title.replace(COUNT_PREFIX, "");
}

/**
 * The tab's title: how many worktrees wait for the user, failed or have failing checks (the attention view's states),
 * before the page's title ("(3) Arbor"); the page's title alone when none does.
 */
export function attentionTabTitle(input: { title: string; items: readonly AttentionItem[] }): string {
  const base = baseTabTitle(input.title);
  const count = countNeedingUser([...input.items]);
  return count > 0 ? `(${count}) ${base}` : base;
}
