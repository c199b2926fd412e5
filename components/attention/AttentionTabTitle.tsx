"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { attentionTabTitle, baseTabTitle } from "./tab-title.ts";
import { useAttention } from "./use-attention.ts";

/**
 * Puts the count of worktrees waiting for the user or failed before the page's title ("(3) Arbor"),
 * live from the attention view's states, so a background tab shows when something needs the user.
 */
export function AttentionTabTitle() {
  const items = useAttention().data;
  const pathname = usePathname();
  useEffect(() => {
    if (items) document.title = attentionTabTitle({ title: document.title, items });
  }, [items, pathname]);
  useEffect(() => () => void (document.title = baseTabTitle(document.title)), []);
  return null;
}
