"use client";

import { useEffect } from "react";
import type { useMessages } from "@/components/api/chat-api.ts";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { hasLoadedMessage } from "@/components/memory/message-paging.ts";

/**
 * Jumps to a message (a search hit): loads older pages, archived ones included, until it is
 * there, then scrolls its row into the middle of the list (the row need not be drawn yet: the
 * list is virtualised). Returns the id to highlight.
 */
export function useFocusMessage(input: {
  focus: MessageFocus | null;
  messages: ReturnType<typeof useMessages>;
  /** The message's row in the list, -1 when it is not there. */
  indexOf: (messageId: number) => number;
  scrollToIndex: (index: number) => void;
}): number | null {
  const { focus, indexOf, scrollToIndex } = input;
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = input.messages;
  const isLoaded = focus !== null && hasLoadedMessage(data?.pages, focus.messageId);

  useEffect(() => {
    if (!focus) return;
    if (isLoaded) {
      const index = indexOf(focus.messageId);
      if (index >= 0) scrollToIndex(index);
      return;
    }
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    // indexOf changes with every row; the jump happens once per focus (its nonce), once loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, isLoaded, hasNextPage, isFetchingNextPage, fetchNextPage, scrollToIndex]);

  return focus?.messageId ?? null;
}
