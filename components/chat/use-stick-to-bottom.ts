"use client";

import { useCallback, useEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 80;

/**
 * Keeps a scroll container pinned to the bottom while content grows (streaming text), unless
 * the user has scrolled up to read; loading older messages at the top therefore does not jump.
 * Returns the container's callback ref and `release`, which unpins it at once, for a jump to an
 * older message that must not be undone.
 */
export function useStickToBottom(content: unknown): [(element: HTMLDivElement | null) => void, () => void] {
  const elementRef = useRef<HTMLDivElement | null>(null);
  const isPinnedRef = useRef(true);

  const onScroll = useCallback(() => {
    const element = elementRef.current;
    if (!element) return;
    isPinnedRef.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
  }, []);

  const containerRef = useCallback(
    (element: HTMLDivElement | null) => {
      elementRef.current?.removeEventListener("scroll", onScroll);
      elementRef.current = element;
      element?.addEventListener("scroll", onScroll, { passive: true });
    },
    [onScroll],
  );

  useEffect(() => {
    const element = elementRef.current;
    if (element && isPinnedRef.current) element.scrollTop = element.scrollHeight;
  }, [content]);

  const release = useCallback(() => {
    isPinnedRef.current = false;
  }, []);

  return [containerRef, release];
}
