import { describe, expect, it } from "vitest";
import { waitingForOf } from "./waiting-for.ts";

describe("waitingForOf", () => {
  it("names the tool a request asks to run, and a plan as ExitPlanMode", () => {
    expect(waitingForOf({ kind: "tool", toolName: "Bash", input: { command: "npm test" } })).toEqual({
      kind: "tool",
      toolName: "Bash",
    });
    expect(waitingForOf({ kind: "plan", toolName: "ExitPlanMode", input: { plan: "# Plan" } })).toEqual({
      kind: "tool",
      toolName: "ExitPlanMode",
    });
  });

  it("quotes the first question Claude asks, or says it asks one when the input has none", () => {
    const asked = { kind: "question" as const, toolName: "AskUserQuestion" };
    expect(
      waitingForOf({ ...asked, input: { questions: [{ question: " Which database? " }, { question: "b" }] } }),
    ).toEqual({ kind: "question", question: "Which database?" });
    expect(waitingForOf({ ...asked, input: { questions: "nonsense" } })).toEqual({
      kind: "question",
      question: "Claude asks you a question",
    });
  });
});
