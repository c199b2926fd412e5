"use client";

import { useEffect, type RefObject } from "react";
import type { useMessages } from "@/components/api/chat-api.ts";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { hasLoadedMessage } from "@/components/memory/message-paging.ts";

/**
 * Jumps to a message (a search hit): loads older pages, archived ones included, until it is
 * there, then scrolls it into the middle of the list. Returns the id to highlight.
 */
export function useFocusMessage(input: {
  focus: MessageFocus | null;
  messages: ReturnType<typeof useMessages>;
  container: RefObject<HTMLElement | null>;
  releaseBottom: () => void;
}): number | null {
  const { focus, container, releaseBottom } = input;
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = input.messages;
  const isLoaded = focus !== null && hasLoadedMessage(data?.pages, focus.messageId);

  useEffect(() => {
    if (!focus) return;
    if (isLoaded) {
      releaseBottom();
      container.current?.querySelector(`[data-message-id="${focus.messageId}"]`)?.scrollIntoView({ block: "center" });
      return;
    }
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [focus, isLoaded, hasNextPage, isFetchingNextPage, fetchNextPage, container, releaseBottom]);

  return focus?.messageId ?? null;
}
