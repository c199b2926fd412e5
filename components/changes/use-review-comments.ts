"use client";

import { useCallback, useMemo } from "react";
import type { WorktreeRef } from "@/components/api/changes-api.ts";
import { useDraft } from "@/components/chat/use-draft.ts";
import { parseStoredComments, type ReviewComment } from "./review.ts";

type Update = ReviewComment[] | ((current: ReviewComment[]) => ReviewComment[]);

/**
 * The review comments written on a worktree's changes and not yet sent, kept in this browser like
 * the composer's draft: closing the Changes tab, opening another worktree or reloading loses none.
 */
export function useReviewComments(worktree: WorktreeRef): [ReviewComment[], (next: Update) => void] {
  const [text, setText] = useDraft(`review-comments:${worktree.repoId}:${worktree.worktreePath}`);
  const comments = useMemo(() => parseStoredComments(text), [text]);
  const setComments = useCallback(
    (next: Update) =>
      setText((current) => {
        const value = typeof next === "function" ? next(parseStoredComments(current)) : next;
        return value.length === 0 ? "" : JSON.stringify(value);
      }),
    [setText],
  );
  return [comments, setComments];
}
