"use client";

import { useEffect, useRef, type RefObject } from "react";
import type { useMessages } from "@/components/api/chat-api.ts";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { hasLoadedMessage } from "@/components/memory/message-paging.ts";

/**
 * Jumps to a message (a search hit): loads older pages, archived ones included, until it is
 * there, then scrolls it into the middle of the list. Returns the ref for the element that holds
 * the messages, and the id to highlight.
 */
export function useFocusMessage(input: {
  focus: MessageFocus | null;
  messages: ReturnType<typeof useMessages>;
  releaseBottom: () => void;
}): [RefObject<HTMLDivElement | null>, number | null] {
  const { focus, releaseBottom } = input;
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = input.messages;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const isLoaded = focus !== null && hasLoadedMessage(data?.pages, focus.messageId);

  useEffect(() => {
    if (!focus) return;
    if (isLoaded) {
      releaseBottom();
      containerRef.current
        ?.querySelector(`[data-message-id="${focus.messageId}"]`)
        ?.scrollIntoView({ block: "center" });
      return;
    }
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [focus, isLoaded, hasNextPage, isFetchingNextPage, fetchNextPage, releaseBottom]);

  return [containerRef, focus?.messageId ?? null];
}
