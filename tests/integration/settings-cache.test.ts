import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getCachedEffectiveSettings, updateRepoSettings } from "@/lib/settings/repo-settings-store.ts";
import {
  createSettingsCache,
  getCachedSettings,
  SETTINGS_CACHE_TTL_MS,
  updateSettings,
  type SettingsCache,
} from "@/lib/settings/settings-store.ts";
import type { Db } from "@/lib/db/client.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let repoId: string;
let clock: number;
let settingsCache: SettingsCache;

beforeEach(async () => {
  testDb = await createTestDb();
  repoId = (await testDb.db.repo.create({ data: { commonDir: "/r/.git", rootPath: "/r", name: "r" } })).id;
  clock = 1_000_000;
  settingsCache = createSettingsCache(() => clock);
});

afterEach(async () => {
  await testDb.close();
});

/** What another instance of a team (or any writer but this context) stores: straight into the rows. */
async function storeBehindTheCache(key: string, value: unknown, forRepo?: string): Promise<void> {
  const text = JSON.stringify(value);
  if (forRepo) await testDb.db.repoSetting.create({ data: { repoId: forRepo, key, value: text } });
  else await testDb.db.setting.upsert({ where: { key }, create: { key, value: text }, update: { value: text } });
}

describe("the settings cache of a runtime context", () => {
  it("answers from memory within its time, and reads again after it", async () => {
    const parts = { db: testDb.db, settingsCache };
    expect((await getCachedSettings(parts)).maxMessageBytes).not.toBe(4096);
    await storeBehindTheCache("maxMessageBytes", 4096);
    clock += SETTINGS_CACHE_TTL_MS;
    expect((await getCachedSettings(parts)).maxMessageBytes).not.toBe(4096);
    clock += 1;
    expect((await getCachedSettings(parts)).maxMessageBytes).toBe(4096);
  });

  it("applies a change saved through the same context at once, Arbor-wide and per repository", async () => {
    const parts = { db: testDb.db, settingsCache };
    const before = await getCachedEffectiveSettings(parts, repoId);
    expect(before.approvalTimeoutSeconds).not.toBe(77);
    expect(before.autoUpkeep).toBe(true);

    await updateSettings(parts, { approvalTimeoutSeconds: 77 });
    await updateRepoSettings(parts, { repoId, patch: { autoUpkeep: false } });

    const after = await getCachedEffectiveSettings(parts, repoId);
    expect(after.approvalTimeoutSeconds).toBe(77);
    expect(after.autoUpkeep).toBe(false);
  });

  it("keeps each repository's overrides apart", async () => {
    const parts = { db: testDb.db, settingsCache };
    const otherId = (await testDb.db.repo.create({ data: { commonDir: "/o/.git", rootPath: "/o", name: "o" } })).id;
    await storeBehindTheCache("autoUpkeep", false, otherId);
    expect((await getCachedEffectiveSettings(parts, repoId)).autoUpkeep).toBe(true);
    expect((await getCachedEffectiveSettings(parts, otherId)).autoUpkeep).toBe(false);
  });

  it("does not keep a read that a save overtook", async () => {
    const parts = { db: testDb.db, settingsCache };
    // A read that got the old rows and finishes only after a save stored new ones and read them back.
    let finishRead = () => {};
    const held = new Promise<void>((resolve) => (finishRead = resolve));
    const slowDb = {
      setting: {
        findMany: async () => {
          const rows = await testDb.db.setting.findMany();
          await held;
          return rows;
        },
      },
    } as unknown as Db;
    const reading = getCachedSettings({ db: slowDb, settingsCache });
    await updateSettings(parts, { maxMessageBytes: 5000 });
    finishRead();
    expect((await reading).maxMessageBytes).not.toBe(5000);
    expect((await getCachedSettings(parts)).maxMessageBytes).toBe(5000);
  });
});
