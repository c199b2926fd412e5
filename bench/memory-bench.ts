import { pathToFileURL } from "node:url";
import { buildPromptInput } from "@/lib/chat/runs/build-prompt-input.ts";
import { listMessages } from "@/lib/chat/sessions/list-messages.ts";
import type { Db } from "@/lib/db/client.ts";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import { buildScan } from "@/lib/prompt/test-fixtures.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";
import { median, round } from "./stats.ts";

export interface MemoryBenchResult {
  openLargeMs: number;
  openSmallMs: number;
  openRatio: number;
  assembleLargeMs: number;
  assembleSmallMs: number;
  assembleRatio: number;
  /** Assembly alone (the pure step, input already loaded). */
  pureLargeMs: number;
  pureSmallMs: number;
  pureRatio: number;
  /** Ledger entries the large and the small worktree hold, and how many the large prompt carried. */
  ledgerLarge: number;
  ledgerSmall: number;
  ledgerCarriedLarge: number;
}

/** Uncovered messages each session keeps, as upkeep leaves a conversation (within the recent window). */
const UNCOVERED = 16;

const SCAN = buildScan({ path: "/bench/wt", branch: "feat/bench" });

/**
 * A session with 10,000 messages and 500 ledger entries against one with 100 messages and 10 entries,
 * in the same database and run, each as upkeep leaves it (a summary, at most the recent window
 * uncovered): opening the chat (first page) and assembling a prompt must cost about the same, because
 * both follow the recent window and the ledger's per-prompt limit, not the history.
 */
export async function runMemoryBench({ iterations = 100 }: { iterations?: number } = {}): Promise<MemoryBenchResult> {
  const handle = await createTestDb();
  try {
    const db = handle.db;
    // Each send reads and replaces its session's previous scan (the context's), as in a running server.
    const ctx = createTestContext({ db });
    const repo = await db.repo.create({ data: { commonDir: "/bench/.git", rootPath: "/bench", name: "bench" } });
    const large = await createSession(db, { repoId: repo.id, count: 10_000, ledger: 500, path: "/bench/large" });
    const small = await createSession(db, { repoId: repo.id, count: 100, ledger: 10, path: "/bench/small" });
    const time = async (task: () => Promise<unknown>) => {
      const start = performance.now();
      await task();
      return performance.now() - start;
    };
    const figures = {
      large: { open: [] as number[], assemble: [] as number[], pure: [] as number[] },
      small: { open: [] as number[], assemble: [] as number[], pure: [] as number[] },
    };
    let ledgerCarriedLarge = 0;
    const measureOnce = async (
      session: { id: string; lastId: number; path: string },
      into: { open: number[]; assemble: number[]; pure: number[] },
      keep: boolean,
    ) => {
      const openMs = await time(() => listMessages(db, { sessionId: session.id }));
      const load = () =>
        buildPromptInput(ctx, {
          sessionId: session.id,
          repoId: repo.id,
          userMessageId: session.lastId + 1,
          userMessage: "next question",
          scan: { ...SCAN, path: session.path },
          budgetChars: 400_000,
          ledgerMaxEntries: 100,
        });
      const assembleMs = await time(async () => assemblePrompt(await load()));
      const input = await load();
      const pureStart = performance.now();
      const carried = assemblePrompt(input).receipt.ledger.includedIds.length;
      const pureMs = performance.now() - pureStart;
      if (session === large) ledgerCarriedLarge = carried;
      if (keep) {
        into.open.push(openMs);
        into.assemble.push(assembleMs);
        into.pure.push(pureMs);
      }
    };
    // Interleaved, alternating which goes first, so warm-up and drift hit both alike.
    for (let index = 0; index < iterations + 3; index += 1) {
      const order = index % 2 === 0 ? (["large", "small"] as const) : (["small", "large"] as const);
      for (const name of order) await measureOnce(name === "large" ? large : small, figures[name], index >= 3);
    }
    const medians = (values: { open: number[]; assemble: number[]; pure: number[] }) => ({
      open: median(values.open),
      assemble: median(values.assemble),
      pure: median(values.pure),
    });
    const largeFigures = medians(figures.large);
    const smallFigures = medians(figures.small);
    return {
      openLargeMs: round(largeFigures.open),
      openSmallMs: round(smallFigures.open),
      openRatio: round(largeFigures.open / smallFigures.open, 3),
      assembleLargeMs: round(largeFigures.assemble),
      assembleSmallMs: round(smallFigures.assemble),
      assembleRatio: round(largeFigures.assemble / smallFigures.assemble, 3),
      pureLargeMs: round(largeFigures.pure, 3),
      pureSmallMs: round(smallFigures.pure, 3),
      pureRatio: round(largeFigures.pure / smallFigures.pure, 3),
      ledgerLarge: 500,
      ledgerSmall: 10,
      ledgerCarriedLarge,
    };
  } finally {
    await handle.close();
  }
}

async function createSession(
  db: Db,
  input: { repoId: string; count: number; ledger: number; path: string },
): Promise<{ id: string; lastId: number; path: string }> {
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
  const ids = await db.chatMessage.findMany({
    where: { sessionId: session.id },
    select: { id: true },
    orderBy: { id: "desc" },
    take: UNCOVERED + 1,
  });
  // As upkeep leaves it: a summary covering all but the recent window; covered messages past Lighten archived.
  await db.chatSummary.create({
    data: {
      sessionId: session.id,
      summaryMarkdown: `## Key points\n- ${"a point ".repeat(40)}\n\n## Decisions\n- see the ledger\n\n## Open tasks\n- none\n\n## Caveats\n- none`,
      coveredUntilMessageId: ids.at(-1)!.id,
      messageCount: input.count - UNCOVERED,
    },
  });
  await db.chatMessage.updateMany({
    where: { sessionId: session.id, id: { lte: ids.at(-1)!.id - 50 } },
    data: { archivedAt: new Date() },
  });
  await db.ledgerEntry.createMany({
    data: Array.from({ length: input.ledger }, (_, index) => ({
      repoId: input.repoId,
      kind: index % 3 === 0 ? "task" : "decision",
      text: `Entry ${index}: ${"the API speaks JSON only, no XML ".repeat(2)}`,
      scope: "worktree",
      worktreePath: input.path,
      origin: "user",
      via: "panel",
      sessionId: session.id,
    })),
  });
  return { id: session.id, lastId: ids[0]!.id, path: input.path };
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) console.log(JSON.stringify(await runMemoryBench(), null, 2));
