import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { purgeSession } from "@/lib/memory/purge-session.ts";
import { summarizeSession } from "@/lib/memory/summarize-session.ts";
import { updateSettings } from "@/lib/settings/settings-store.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;

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
  // No CLI here: every summary takes the deterministic extractive path, which is what we test.
  await updateSettings(db, { claudeBin: "/nonexistent/claude" });
});

afterAll(async () => {
  await handle?.close();
});

describe("summaries and purges on the real database (property-style)", () => {
  it("random sequences never remove or alter an uncovered message, and covered-until only moves forward", async () => {
    const repo = await db.repo.create({ data: { commonDir: "/tmp/x/.git", rootPath: "/tmp/x", name: "x" } });
    for (let seed = 1; seed <= 12; seed += 1) {
      const next = random(seed);
      const session = await db.chatSession.create({
        data: { repoId: repo.id, worktreePath: `/tmp/x-${seed}`, activeKey: `/tmp/x-${seed}` },
      });
      const written = new Map<number, string>();
      let coveredUntil = 0;
      for (let step = 0; step < 25; step += 1) {
        const action = next();
        if (action < 0.6) {
          const content = `seed ${seed} step ${step}: we decided to try option ${Math.floor(next() * 100)}.`;
          const message = await db.chatMessage.create({
            data: { sessionId: session.id, role: next() < 0.5 ? "user" : "assistant", content },
          });
          written.set(message.id, content);
        } else if (action < 0.8) {
          const hasNew = [...written.keys()].some((id) => id > coveredUntil);
          if (!hasNew) {
            await expect(summarizeSession(db, { sessionId: session.id })).rejects.toMatchObject({ code: "conflict" });
            continue;
          }
          const summary = await summarizeSession(db, { sessionId: session.id });
          expect(summary.kind).toBe("extractive");
          expect(summary.coveredUntilMessageId).toBeGreaterThanOrEqual(coveredUntil);
          coveredUntil = summary.coveredUntilMessageId;
        } else if (coveredUntil > 0) {
          await purgeSession(db, { sessionId: session.id, keepLastN: Math.floor(next() * 6) });
        }
        // Arbor may add system notes (what a summary's check put back); the written messages stay as they were.
        const all = await db.chatMessage.findMany({ where: { sessionId: session.id } });
        expect(all.filter((row) => !written.has(row.id)).every((row) => row.role === "system")).toBe(true);
        const rows = all.filter((row) => written.has(row.id));
        expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...written.keys()].sort((a, b) => a - b));
        for (const row of rows) {
          expect(row.content).toBe(written.get(row.id));
          if (row.id > coveredUntil) expect(row.archivedAt).toBeNull();
        }
      }
    }
  });
});
