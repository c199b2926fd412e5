import { describe, expect, it } from "vitest";
import type { MessageView } from "@/lib/chat/chat-types.ts";
import { FIRST_MESSAGE_PAGE, hasLoadedMessage, nextMessagePageParam, type MessagePage } from "./message-paging.ts";

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
