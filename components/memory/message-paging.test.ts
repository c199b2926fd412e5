import { describe, expect, it } from "vitest";
import type { MessageView } from "@/lib/realtime/chat-views.ts";
import {
  FIRST_MESSAGE_PAGE,
  hasLoadedMessage,
  nextMessagePageParam,
  type MessagePage,
  shareMessagesById,
  upsertMessage,
} from "./message-paging.ts";

const message = (id: number): MessageView => ({
  id,
  sessionId: "s",
  role: "user",
  content: `m${id}`,
  status: "complete",
  createdAt: "2025-01-01T00:00:00.000Z",
  isArchived: false,
  run: null,
});

const page = (ids: number[], hasMore: boolean): MessagePage => ({ messages: ids.map(message), hasMore });

describe("message paging", () => {
  it("puts a delivered message in place: replaced where loaded, else in the newest page in id order", () => {
    const data = {
      pages: [page([7, 9], true), page([3, 4], false)],
      pageParams: [FIRST_MESSAGE_PAGE, FIRST_MESSAGE_PAGE],
    };
    const added = upsertMessage(data, message(8))!;
    expect(added.pages[0]!.messages.map((m) => m.id)).toEqual([7, 8, 9]);
    expect(added.pages[1]).toBe(data.pages[1]);
    const edited = upsertMessage(data, { ...message(4), content: "final" })!;
    expect(edited.pages[1]!.messages.find((m) => m.id === 4)?.content).toBe("final");
    expect(edited.pages[0]).toBe(data.pages[0]);
    // Nothing loaded yet: the first fetch brings it.
    expect(upsertMessage(undefined, message(1))).toBeUndefined();
  });

  it("asks for the page before the oldest message shown, archived messages included", () => {
    expect(nextMessagePageParam(page([7, 8], true), [], FIRST_MESSAGE_PAGE)).toEqual({
      beforeId: 7,
      includeArchived: true,
    });
    expect(nextMessagePageParam(page([7, 8], false), [], FIRST_MESSAGE_PAGE)).toBeUndefined();
  });

  it("reaches archived messages when every message of the working history was archived", () => {
    const next = nextMessagePageParam(page([], true), [], FIRST_MESSAGE_PAGE);
    expect(next).toEqual({ beforeId: null, includeArchived: true });
    expect(nextMessagePageParam(page([], true), [], next!)).toBeUndefined();
  });

  it("tells whether a message is loaded", () => {
    expect(hasLoadedMessage([page([3, 4], false), page([1], false)], 1)).toBe(true);
    expect(hasLoadedMessage([page([3, 4], false)], 2)).toBe(false);
    expect(hasLoadedMessage(undefined, 2)).toBe(false);
  });
});

describe("shareMessagesById", () => {
  const data = (...pages: Array<{ ids: number[]; hasMore: boolean; edited?: number }>) => ({
    pages: pages.map((page) => ({
      messages: page.ids.map((id) => (id === page.edited ? { ...message(id), content: "edited" } : message(id))),
      hasMore: page.hasMore,
    })),
    pageParams: pages.map((_, index) => index),
  });

  it("keeps each unchanged message's object when a refetch shifts the pages by new messages", () => {
    const before = data({ ids: [3, 4], hasMore: true }, { ids: [1, 2], hasMore: false });
    const after = data({ ids: [5, 6], hasMore: true }, { ids: [3, 4], hasMore: true });
    const shared = shareMessagesById(before, after) as typeof after;
    expect(shared.pages[1]!.messages[0]).toBe(before.pages[0]!.messages[0]);
    expect(shared.pages[1]!.messages[1]).toBe(before.pages[0]!.messages[1]);
    expect(shared.pages[0]!.messages.map((m) => m.id)).toEqual([5, 6]);
  });

  it("returns a changed message as new, and the previous data itself when nothing changed", () => {
    const before = data({ ids: [1, 2], hasMore: false });
    expect(shareMessagesById(before, data({ ids: [1, 2], hasMore: false }))).toBe(before);
    const edited = shareMessagesById(before, data({ ids: [1, 2], hasMore: false, edited: 2 })) as typeof before;
    expect(edited.pages[0]!.messages[0]).toBe(before.pages[0]!.messages[0]);
    expect(edited.pages[0]!.messages[1]).not.toBe(before.pages[0]!.messages[1]);
    expect(edited.pages[0]!.messages[1]!.content).toBe("edited");
  });

  it("takes the new data as it is when there was none", () => {
    const after = data({ ids: [1], hasMore: false });
    expect(shareMessagesById(undefined, after)).toBe(after);
  });
});
