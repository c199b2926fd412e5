import type { MessageView } from "@/lib/chat/chat-types.ts";

export interface MessagePage {
  messages: MessageView[];
  hasMore: boolean;
}

/** Where a page of messages starts: the newest working page, or the page before `beforeId`. */
interface MessagePageParam {
  beforeId: number | null;
  /** Older pages include archived (lightened) messages, so "Show older" reaches them. */
  includeArchived: boolean;
}

export const FIRST_MESSAGE_PAGE: MessagePageParam = { beforeId: null, includeArchived: false };

/**
 * The page before the oldest message loaded, archived messages included. When every message
 * is archived the first page is empty but `hasMore`: the next page is then the newest one
 * with archived messages.
 */
export function nextMessagePageParam(
  page: MessagePage,
  _pages: MessagePage[],
  param: MessagePageParam,
): MessagePageParam | undefined {
  if (!page.hasMore) return undefined;
  const oldest = page.messages[0];
  if (oldest) return { beforeId: oldest.id, includeArchived: true };
  return param.includeArchived ? undefined : { beforeId: null, includeArchived: true };
}

/** Whether a message is among the pages loaded so far. */
export function hasLoadedMessage(pages: MessagePage[] | undefined, messageId: number): boolean {
  return (pages ?? []).some((page) => page.messages.some((message) => message.id === messageId));
}
