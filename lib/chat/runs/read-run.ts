import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { toMessageView, toRunView } from "@/lib/chat/to-views.ts";

export interface RunResult {
  run: RunView;
  userMessage: MessageView | null;
  assistantMessage: MessageView | null;
}

const ENDED = new Set(["success", "failed", "cancelled", "timed_out", "interrupted"]);

/** A run with its user message and answer as stored now. */
export async function readRunResult(db: Db, input: { runId: string }): Promise<RunResult> {
  const run = await db.agentRun.findUnique({ where: { id: input.runId } });
  if (!run) throw new AppError("not_found", "That run does not exist. Send the message again.");
  const [userMessage, assistantMessage] = await Promise.all([
    run.userMessageId ? db.chatMessage.findUnique({ where: { id: run.userMessageId } }) : null,
    run.assistantMessageId ? db.chatMessage.findUnique({ where: { id: run.assistantMessageId } }) : null,
  ]);
  return {
    run: toRunView(run),
    userMessage: userMessage ? toMessageView(userMessage, null) : null,
    assistantMessage: assistantMessage ? toMessageView(assistantMessage, run) : null,
  };
}

/**
 * Resolves with the run once it has ended (for API clients and scripts: the browser follows the WebSocket),
 * or as it is after `timeoutMs` (or when the client hangs up). Subscribes before it reads the row, so an end in between is not missed.
 */
export async function waitForRunEnd(
  ctx: { db: Db; hub: EventHub },
  input: { runId: string; timeoutMs: number; signal?: AbortSignal },
): Promise<RunResult> {
  const { db } = ctx;
  const row = await db.agentRun.findUnique({ where: { id: input.runId }, select: { sessionId: true } });
  if (!row) throw new AppError("not_found", "That run does not exist. Send the message again.");
  let unsubscribe = () => {};
  /** The `finished` event, which carries the stored run and answer; undefined when the wait ended otherwise. */
  const ended = new Promise<Extract<RunEvent, { kind: "finished" }> | undefined>((resolve) => {
    const timer = setTimeout(resolve, input.timeoutMs);
    // A client that hangs up stops the wait: nothing is held for a reader who is gone.
    input.signal?.addEventListener("abort", () => resolve(undefined), { once: true });
    unsubscribe = ctx.hub.subscribe(sessionTopic(row.sessionId), (message) => {
      if (message.type === "run_event" && message.runId === input.runId && message.event.kind === "finished") {
        clearTimeout(timer);
        resolve(message.event);
      }
      // A run on another instance (team mode) is told as "reread the conversation": its row says when it ended.
      if (message.type === "invalidate") {
        readRunResult(db, input)
          .then((now) => {
            if (!ENDED.has(now.run.status)) return;
            clearTimeout(timer);
            resolve(undefined);
          })
          .catch(() => {}); // the wait goes on; the final read reports a failure
      }
    });
  });
  try {
    const now = await readRunResult(db, input);
    if (ENDED.has(now.run.status)) return now;
    const finished = await ended;
    // The user message does not change during a run; the run and answer come with the event.
    if (finished?.run && finished.assistantMessage !== undefined)
      return { run: finished.run, userMessage: now.userMessage, assistantMessage: finished.assistantMessage };
    return await readRunResult(db, input);
  } finally {
    unsubscribe();
  }
}
