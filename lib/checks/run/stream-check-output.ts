import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";

/** Streamed output per check, at most: past it the browser waits for the stored head and tail. */
const MAX_STREAMED_CHARS = 512 * 1024;
const FLUSH_EVERY_MS = 100;

/**
 * Sends a check's output to the repository's browsers as `check_output` messages, coalesced
 * (one message per 100 ms at most) and capped, so a check printing megabytes floods no socket.
 */
export function createCheckOutputStream(
  hub: EventHub,
  input: {
    repoId: string;
    worktreePath: string;
    checkRunId: string;
    name: string;
  },
): { write(text: string): void; close(): void } {
  let pending = "";
  let streamed = 0;
  let isCapped = false;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (pending === "") return;
    hub.publish(repoTopic(input.repoId), { type: "check_output", ...input, text: pending });
    pending = "";
  };
  return {
    write(text) {
      if (isCapped) return;
      const room = MAX_STREAMED_CHARS - streamed;
      pending += text.slice(0, room);
      streamed += Math.min(text.length, room);
      if (text.length > room) {
        isCapped = true;
        pending += "\n… more output than is streamed; the result keeps its head and its end …\n";
      }
      timer ??= setTimeout(flush, FLUSH_EVERY_MS);
    },
    close() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
