import { replaceEqualDeep, type InfiniteData } from "@tanstack/react-query";
import type { MessageView } from "@/lib/realtime/chat-views.ts";

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

/**
 * Structural sharing for the message pages, by message id rather than by position: after a send the
 * pages are refetched shifted by the new messages, so position-wise every message would look new and
 * every row of a long conversation would draw again. An unchanged message keeps its object.
 */
export function shareMessagesById(previous: unknown, next: unknown): unknown {
  const before = previous as InfiniteData<MessagePage> | undefined;
  const after = next as InfiniteData<MessagePage> | undefined;
  if (!before?.pages || !after?.pages) return next;
  const known = new Map<number, MessageView>();
  for (const page of before.pages) for (const message of page.messages) known.set(message.id, message);
  const pages = after.pages.map((page, index) => {
    const messages = page.messages.map((message) => {
      const old = known.get(message.id);
      return old ? replaceEqualDeep(old, message) : message;
    });
    const oldPage = before.pages[index];
    const isSame =
      oldPage !== undefined &&
      oldPage.hasMore === page.hasMore &&
      oldPage.messages.length === messages.length &&
      messages.every((message, i) => message === oldPage.messages[i]);
    return isSame ? oldPage : { ...page, messages };
  });
  const isSame =
    pages.length === before.pages.length &&
    pages.every((page, i) => page === before.pages[i]) &&
    replaceEqualDeep(before.pageParams, after.pageParams) === before.pageParams;
  return isSame ? before : { ...after, pages };
}

/**
 * The pages with `message` put in: replaced where it is loaded, else added to the newest page in id order
 * (a message the WebSocket or a send's answer delivered, so the list shows it without fetching again).
 * The same object when nothing is loaded yet (the first fetch will bring it).
 */
export function upsertMessage(
  data: InfiniteData<MessagePage> | undefined,
  message: MessageView,
): InfiniteData<MessagePage> | undefined {
  if (!data?.pages.length) return data;
  if (hasLoadedMessage(data.pages, message.id)) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.messages.some((loaded) => loaded.id === message.id)
          ? { ...page, messages: page.messages.map((loaded) => (loaded.id === message.id ? message : loaded)) }
          : page,
      ),
    };
  }
  const [newest, ...older] = data.pages;
  const messages = [...newest!.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest!, messages }, ...older] };
}
