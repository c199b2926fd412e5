import { pathToFileURL } from "node:url";
import { buildPromptInput } from "@/lib/chat/build-prompt-input.ts";
import { listMessages } from "@/lib/chat/list-messages.ts";
import type { Db } from "@/lib/db/client.ts";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import { buildScan } from "@/lib/prompt/test-fixtures.ts";
import { createTestDb } from "@/tests/support/test-db.ts";
import { median, round } from "./stats.ts";

export interface MemoryBenchResult {
  openLargeMs: number;
  openSmallMs: number;
  openRatio: number;
  assembleLargeMs: number;
  assembleSmallMs: number;
  assembleRatio: number;
}

const SCAN = buildScan({ path: "/bench/wt", branch: "feat/bench" });

/**
 * A session with 10,000 messages against one with 100, in the same database and run:
 * opening the chat (first page) and assembling a prompt must cost about the same, because
 * both follow the recent window, not the history.
 */
export async function runMemoryBench({ iterations = 30 }: { iterations?: number } = {}): Promise<MemoryBenchResult> {
  const handle = await createTestDb();
  try {
    const db = handle.db;
    const repo = await db.repo.create({ data: { commonDir: "/bench/.git", rootPath: "/bench", name: "bench" } });
    const large = await createSession(db, { repoId: repo.id, count: 10_000, path: "/bench/large" });
    const small = await createSession(db, { repoId: repo.id, count: 100, path: "/bench/small" });
    const time = async (task: () => Promise<unknown>) => {
      const start = performance.now();
      await task();
      return performance.now() - start;
    };
    const figures = {
      large: { open: [] as number[], assemble: [] as number[] },
      small: { open: [] as number[], assemble: [] as number[] },
    };
    const measureOnce = async (
      session: { id: string; lastId: number },
      into: { open: number[]; assemble: number[] },
      keep: boolean,
    ) => {
      const openMs = await time(() => listMessages(db, { sessionId: session.id }));
      const assembleMs = await time(async () =>
        assemblePrompt(
          await buildPromptInput(db, {
            sessionId: session.id,
            repoId: repo.id,
            userMessageId: session.lastId + 1,
            userMessage: "next question",
            scan: SCAN,
            budgetChars: 400_000,
            ledgerMaxEntries: 100,
          }),
        ),
      );
      if (keep) {
        into.open.push(openMs);
        into.assemble.push(assembleMs);
      }
    };
    // Interleaved, alternating which goes first, so warm-up and drift hit both alike.
    for (let index = 0; index < iterations + 3; index += 1) {
      const order = index % 2 === 0 ? (["large", "small"] as const) : (["small", "large"] as const);
      for (const name of order) await measureOnce(name === "large" ? large : small, figures[name], index >= 3);
    }
    const largeFigures = { open: median(figures.large.open), assemble: median(figures.large.assemble) };
    const smallFigures = { open: median(figures.small.open), assemble: median(figures.small.assemble) };
    return {
      openLargeMs: round(largeFigures.open),
      openSmallMs: round(smallFigures.open),
      openRatio: round(largeFigures.open / smallFigures.open, 3),
      assembleLargeMs: round(largeFigures.assemble),
      assembleSmallMs: round(smallFigures.assemble),
      assembleRatio: round(largeFigures.assemble / smallFigures.assemble, 3),
    };
  } finally {
    await handle.close();
  }
}

async function createSession(
  db: Db,
  input: { repoId: string; count: number; path: string },
): Promise<{ id: string; lastId: number }> {
  const session = await db.chatSession.create({
    data: { repoId: input.repoId, worktreePath: input.path, activeKey: input.path },
  });
  for (let start = 0; start < input.count; start += 1000) {
    const size = Math.min(1000, input.count - start);
    await db.chatMessage.createMany({
      data: Array.from({ length: size }, (_, index) => ({
        sessionId: session.id,
        role: (start + index) % 2 === 0 ? "user" : "assistant",
        content: `Message ${start + index}: ${"lorem ipsum dolor sit amet ".repeat(8)}`,
      })),
    });
  }
  const last = await db.chatMessage.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } });
  return { id: session.id, lastId: last!.id };
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) console.log(JSON.stringify(await runMemoryBench(), null, 2));
