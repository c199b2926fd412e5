import type { Db } from "@/lib/db/client.ts";

const FLUSH_EVERY_MS = 750;

/**
 * Writes the streaming answer's text to its message row at most every 750 ms, so a crash
 * of the server mid-answer still leaves the partial answer in the database.
 */
export function createPartialTextWriter(
  db: Db,
  messageId: number,
): { update(text: string): void; stop(): Promise<void> } {
  let latest = "";
  let written = "";
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> = Promise.resolve();

  const flush = () => {
    timer = null;
    if (latest === written) return;
    const text = latest;
    writing = writing
      .then(() => db.chatMessage.update({ where: { id: messageId }, data: { content: text } }))
      .then(() => (written = text))
      .catch((error: unknown) => console.error("[arbor] could not save the partial answer", error));
  };

  return {
    update(text) {
      latest = text;
      timer ??= setTimeout(flush, FLUSH_EVERY_MS);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await writing;
    },
  };
}
