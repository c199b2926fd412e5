import { describe, expect, it } from "vitest";
import { describeRetention, isRetentionOff, retentionPolicy, sizeCutoff } from "./retention-policy.ts";

const NOW = new Date("2026-11-24T00:00:00Z");

describe("retention policy", () => {
  it("is off when every limit is 0, and turns days and MB into a cutoff date and bytes", () => {
    expect(
      isRetentionOff(retentionPolicy({ hookRetentionDays: 0, hookRetentionMb: 0, transcriptRetentionDays: 0 }, NOW)),
    ).toBe(true);
    const policy = retentionPolicy({ hookRetentionDays: 30, hookRetentionMb: 2, transcriptRetentionDays: 1 }, NOW);
    expect(policy).toEqual({
      hookEventsBefore: new Date("2026-10-25T00:00:00Z"),
      hookEventMaxBytes: 2 * 1024 * 1024,
      relaysBefore: new Date("2026-11-23T00:00:00Z"),
    });
    expect(isRetentionOff(policy)).toBe(false);
  });

  it("finds the first event, newest first, that no longer fits, carrying the bytes kept across chunks", () => {
    const first = sizeCutoff({
      keptBytes: 0,
      maxBytes: 100,
      newestFirst: [
        { id: 9, payloadBytes: 40 },
        { id: 8, payloadBytes: 40 },
      ],
    });
    expect(first).toEqual({ cutoffId: null, keptBytes: 80 });
    expect(
      sizeCutoff({
        keptBytes: 80,
        maxBytes: 100,
        newestFirst: [
          { id: 7, payloadBytes: 20 },
          { id: 6, payloadBytes: 1 },
        ],
      }),
    ).toEqual({
      cutoffId: 6,
      keptBytes: 100,
    });
  });

  it("says what would go in words", () => {
    expect(describeRetention({ hookEvents: 0, hookEventBytes: 0, relays: 0 })).toMatch(/^Nothing to delete/);
    expect(describeRetention({ hookEvents: 1, hookEventBytes: 2048, relays: 0 })).toBe(
      "1 hook event (2 KB of payload)",
    );
    expect(describeRetention({ hookEvents: 3, hookEventBytes: 3 * 1024 * 1024, relays: 2 })).toBe(
      "3 hook events (3.0 MB of payload) and 2 transcript relays",
    );
  });
});
