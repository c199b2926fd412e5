import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { purgeSession } from "@/lib/memory/purge-session.ts";
import { summarizeSession } from "@/lib/memory/summarize-session.ts";
import { updateSettings } from "@/lib/settings/settings-store.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
let ctx: ReturnType<typeof createTestContext>;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
  ctx = createTestContext({ db });
  // No CLI here: every summary takes the deterministic extractive path, which is what we test.
  await updateSettings(ctx, { claudeBin: "/nonexistent/claude" });
});

afterAll(async () => {
  await handle?.close();
});

describe("summaries and purges on the real database (property-style)", () => {
  it("random sequences never remove or alter an uncovered message, covered-until only moves forward, and only a model summary lets messages be archived", async () => {
    const repo = await db.repo.create({ data: { commonDir: "/tmp/x/.git", rootPath: "/tmp/x", name: "x" } });
    for (let seed = 1; seed <= 12; seed += 1) {
      const next = random(seed);
      const session = await db.chatSession.create({
        data: { repoId: repo.id, worktreePath: `/tmp/x-${seed}`, activeKey: `/tmp/x-${seed}` },
      });
      const written = new Map<number, string>();
      /** What the newest summary a model wrote covers: the only bound Lighten may archive up to. */
      let modelCovered = 0;
      let hasModelSummary = false;
      for (let step = 0; step < 25; step += 1) {
        const action = next();
        if (action < 0.55) {
          const content = `seed ${seed} step ${step}: we decided to try option ${Math.floor(next() * 100)}.`;
          const message = await db.chatMessage.create({
            data: { sessionId: session.id, role: next() < 0.5 ? "user" : "assistant", content },
          });
          written.set(message.id, content);
        } else if (action < 0.7) {
          // The model cannot run here: an extractive index, which covers everything since the model's summary.
          const hasNew = [...written.keys()].some((id) => id > modelCovered);
          if (!hasNew) {
            await expect(summarizeSession(ctx, { sessionId: session.id })).rejects.toMatchObject({ code: "conflict" });
            continue;
          }
          const summary = await summarizeSession(ctx, { sessionId: session.id });
          expect(summary.kind).toBe("extractive");
          expect(summary.coveredUntilMessageId).toBeGreaterThanOrEqual(modelCovered);
        } else if (action < 0.8 && written.size > 0) {
          // A summary the model wrote (stored as summarizeSession stores one).
          const covered = Math.max(modelCovered, [...written.keys()].at(-1 - Math.floor(next() * 3)) ?? 0);
          await db.chatSummary.create({
            data: {
              sessionId: session.id,
              summaryMarkdown: "## Key points\n- x",
              coveredUntilMessageId: covered,
              kind: "model",
            },
          });
          modelCovered = covered;
          hasModelSummary = true;
        } else if (hasModelSummary) {
          await purgeSession(ctx, { sessionId: session.id, keepLastN: Math.floor(next() * 6) });
        } else {
          await expect(purgeSession(ctx, { sessionId: session.id, keepLastN: 0 })).rejects.toMatchObject({
            code: "conflict",
          });
        }
        // Arbor may add system notes (what a summary's check put back); the written messages stay as they were.
        const all = await db.chatMessage.findMany({ where: { sessionId: session.id } });
        expect(all.filter((row) => !written.has(row.id)).every((row) => row.role === "system")).toBe(true);
        const rows = all.filter((row) => written.has(row.id));
        expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...written.keys()].sort((a, b) => a - b));
        for (const row of rows) {
          expect(row.content).toBe(written.get(row.id));
          if (row.id > modelCovered) expect(row.archivedAt).toBeNull();
        }
      }
    }
  });
});
