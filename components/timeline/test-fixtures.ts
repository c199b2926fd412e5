import type { MessageView } from "@/lib/realtime/chat-views.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";

/** A hook event view for unit tests; `at` is seconds after a fixed start. */
export function hookEvent(id: number, extra: Partial<HookEventView> & { at?: number } = {}): HookEventView {
  const { at = id, ...rest } = extra;
  return {
    id,
    receivedAt: new Date(Date.UTC(2030, 0, 1, 12, 0, at)).toISOString(),
    eventName: "Notification",
    sessionId: "s1",
    toolName: null,
    toolUseId: null,
    cwd: "/w",
    repoId: null,
    worktreePath: "/w",
    runId: null,
    source: "http",
    summary: `event ${id}`,
    isBlock: false,
    blockReason: null,
    payloadBytes: 10,
    isTruncated: false,
    ...rest,
  };
}

export function relay(id: number, extra: Partial<RelayView> & { at?: number } = {}): RelayView {
  const { at = id, ...rest } = extra;
  return {
    id,
    sessionId: "s1",
    startUuid: `u${id}`,
    worktreePath: "/w",
    startedAt: new Date(Date.UTC(2030, 0, 1, 12, 0, at)).toISOString(),
    endedAt: null,
    userText: `prompt ${id}`,
    assistantText: "",
    toolCalls: [],
    model: null,
    isInterrupted: false,
    apiError: null,
    hookBlocks: [],
    runId: null,
    isArborRun: false,
    ...rest,
  };
}

export function chatMessage(id: number, at: number): MessageView {
  return {
    id,
    sessionId: "chat",
    role: "user",
    content: `message ${id}`,
    status: "complete",
    createdAt: new Date(Date.UTC(2030, 0, 1, 12, 0, at)).toISOString(),
    isArchived: false,
    run: null,
  };
}
