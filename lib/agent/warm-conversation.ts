import type { ClaudeConversation } from "./claude-conversation.ts";
import type { ClaudeStreamEvent } from "@/lib/agent/stream/stream-event.ts";
import { runClaude, type RunClaudeOptions, type RunOutcome } from "./run-claude.ts";

/** What a run attaches to a conversation that was started before its prompt existed. */
export interface ConversationBinding {
  prompt: Promise<string>;
  signal: AbortSignal;
  conversation: ClaudeConversation;
  onEvent: (event: ClaudeStreamEvent, rawLine: string) => void;
}

/** A `claude` conversation process started ahead of its prompt (booted, waiting on stdin). */
export interface StartedConversation {
  pid(): number | null;
  startedAt: number;
  /** Hands the process to a run: its prompt, its Stop, its permission answers, its events. Once only. */
  bind(binding: ConversationBinding): Promise<RunOutcome>;
  /** Ends an unused process (EOF, then signals); resolves when it is gone. */
  discard(): Promise<void>;
  /** Resolves when the process ended by itself (crash, idle exit) before being bound. */
  ended: Promise<RunOutcome>;
}

/**
 * Starts the CLI now and lets a run attach later: the ~0.6 s boot happens before the user sends.
 * Events that arrive before binding (the SessionStart hook's lines) are kept and replayed to the run.
 */
export function startConversation(
  options: Omit<RunClaudeOptions, "prompt" | "signal" | "conversation" | "onEvent" | "onStart">,
): StartedConversation {
  let release: (prompt: string) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const prompt = new Promise<string>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const controller = new AbortController();
  const early: Array<[ClaudeStreamEvent, string]> = [];
  let binding: ConversationBinding | null = null;
  let pid: number | null = null;
  const ended = runClaude({
    ...options,
    prompt,
    signal: controller.signal,
    onStart: (started) => (pid = started),
    onEvent: (event, line) => (binding ? binding.onEvent(event, line) : early.push([event, line])),
    conversation: {
      onPermissionRequest: (request) =>
        binding
          ? binding.conversation.onPermissionRequest(request)
          : Promise.resolve({ behavior: "deny", message: "No run was attached to this conversation." }),
      onPermissionClosed: (requestId, reason) => binding?.conversation.onPermissionClosed?.(requestId, reason),
    },
  });
  return {
    pid: () => pid,
    startedAt: Date.now(),
    ended,
    bind(next) {
      if (binding) throw new Error("This conversation is already attached to a run.");
      binding = next;
      for (const [event, line] of early.splice(0)) next.onEvent(event, line);
      if (next.signal.aborted) controller.abort();
      else next.signal.addEventListener("abort", () => controller.abort(), { once: true });
      next.prompt.then(release, fail);
      return ended;
    },
    async discard() {
      if (!binding) controller.abort();
      await ended.catch(() => null);
    },
  };
}
