import { describe, expect, it } from "vitest";
import type { ChainHandler } from "@/lib/hook-policies/policy-views.ts";
import { describeEntry } from "./entry-line.ts";
import { groupChainByEvent } from "./group-chain.ts";

const handler = (event: string, level: ChainHandler["level"], command: string, isArbor = false): ChainHandler => ({
  level,
  file: `/${level}/settings.json`,
  event,
  matcher: "*",
  type: "command",
  command,
  timeout: null,
  isArbor,
});

describe("groupChainByEvent", () => {
  it("orders events by lifecycle and levels user → project → local, keeping file order", () => {
    const groups = groupChainByEvent([
      handler("Stop", "local", "arbor stop", true),
      handler("Stop", "project", "echo mine"),
      handler("Stop", "project", "echo second"),
      handler("Zeta", "user", "z"),
      handler("SessionStart", "local", "arbor start", true),
      handler("Stop", "user", "echo user"),
    ]);
    expect(groups.map((group) => group.event)).toEqual(["SessionStart", "Stop", "Zeta"]);
    const stop = groups[1]!;
    expect(stop.levels.map((level) => [level.level, level.handlers.map((h) => h.command)])).toEqual([
      ["user", ["echo user"]],
      ["project", ["echo mine", "echo second"]],
      ["local", ["arbor stop"]],
    ]);
    expect(stop).toMatchObject({ count: 4, arborCount: 1 });
  });

  it("is empty without handlers", () => {
    expect(groupChainByEvent([])).toEqual([]);
  });
});

describe("describeEntry", () => {
  const base = {
    userText: "How  should\nlogin work? <!-- [meta] project: p (id: 1) | topic: Login (id: new) -->",
    assistantText: "Use OAuth.\n<!-- [meta] project: p (id: 1) | topic: Login (id: 2) -->",
    summary: "",
    summaryKind: "pending",
    summaryError: null,
  };

  it("builds the line from the exchange while the summary is pending, without the tag", () => {
    expect(describeEntry(base)).toEqual({
      text: "User: How should login work? / AI: Use OAuth.",
      isFallback: true,
      problem: null,
    });
  });

  it("shows the model's line, and the reason when only an extractive one exists", () => {
    expect(describeEntry({ ...base, summary: "User: login / AI: OAuth", summaryKind: "model" })).toEqual({
      text: "User: login / AI: OAuth",
      isFallback: false,
      problem: null,
    });
    expect(
      describeEntry({
        ...base,
        summary: "User: x / AI: y",
        summaryKind: "extractive",
        summaryError: "claude -p failed",
      }),
    ).toMatchObject({ isFallback: true, problem: "claude -p failed" });
    expect(describeEntry({ ...base, summaryKind: "failed", summaryError: null }).problem).toBe(
      "The summary could not be written.",
    );
  });
});
