import { describe, expect, it } from "vitest";
import { agentsAtOnce, defaultConcurrency, MEASURED_AGENT_FOOTPRINT_BYTES } from "./agent-concurrency.ts";

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

describe("defaultConcurrency", () => {
  it("allows two agents per core when memory is plentiful (this 2-core machine: 4)", () => {
    expect(defaultConcurrency({ cores: 2, freeMemoryBytes: 8 * GB })).toEqual({
      concurrency: 4,
      explanation:
        "4 agents at once: 2 cores allow 4 (2 per core), 8.0 GB free memory allows 20 (half of it, at 200 MB per agent).",
    });
  });

  it("keeps half the free memory as headroom when memory is the limit", () => {
    // 1 GB: half is 512 MB, room for two 200 MB agents.
    expect(defaultConcurrency({ cores: 16, freeMemoryBytes: 1 * GB }).concurrency).toBe(2);
    expect(defaultConcurrency({ cores: 16, freeMemoryBytes: 4 * GB, agentFootprintBytes: 512 * MB }).concurrency).toBe(
      4,
    );
  });

  it("always allows one agent, and says so", () => {
    const result = defaultConcurrency({ cores: 4, freeMemoryBytes: 150 * MB });
    expect(result.concurrency).toBe(1);
    expect(result.explanation).toBe(
      "1 agent at once: 4 cores allow 8 (2 per core), 150 MB free memory allows 0 (half of it, at 200 MB per agent); at least 1 always runs.",
    );
  });

  it("stops at the ceiling of 32", () => {
    const result = defaultConcurrency({ cores: 64, freeMemoryBytes: 256 * GB });
    expect(result.concurrency).toBe(32);
    expect(result.explanation).toMatch(/; at most 32\.$/);
  });

  it("treats nonsense input as the least it can be: one core, the measured footprint", () => {
    expect(defaultConcurrency({ cores: 0, freeMemoryBytes: 8 * GB, agentFootprintBytes: 0 })).toEqual(
      defaultConcurrency({ cores: 1, freeMemoryBytes: 8 * GB, agentFootprintBytes: MEASURED_AGENT_FOOTPRINT_BYTES }),
    );
    expect(defaultConcurrency({ cores: 1, freeMemoryBytes: 8 * GB }).explanation).toContain("1 core allows 2");
  });
});

describe("agentsAtOnce", () => {
  const machine = { cores: 2, freeMemoryBytes: 8 * GB };

  it("follows the machine when the setting is empty, and says what limits it", () => {
    expect(agentsAtOnce(null, machine)).toEqual({ ...defaultConcurrency(machine), isFromMachine: true });
    expect(agentsAtOnce(null, { cores: 8, freeMemoryBytes: 64 * GB }).concurrency).toBe(16);
  });

  it("takes the user's number when there is one, whatever the machine", () => {
    expect(agentsAtOnce(6, machine)).toEqual({
      concurrency: 6,
      explanation: "6 agents at once, as set in Settings.",
      isFromMachine: false,
    });
    expect(agentsAtOnce(1, machine).explanation).toBe("1 agent at once, as set in Settings.");
  });
});
