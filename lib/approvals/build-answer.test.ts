import { describe, expect, it } from "vitest";
import { buildAnswer } from "./build-answer.ts";
import { alwaysRulesFor, approvalKindOf, formatToolRule } from "./classify-request.ts";
import { applyEdits, readEdits } from "./apply-edit.ts";

const bash = { command: "npm test", description: "Run tests" };
const suggestion = {
  type: "addRules",
  rules: [{ toolName: "Bash", ruleContent: "npm test *" }],
  behavior: "allow",
  destination: "localSettings",
};

describe("buildAnswer", () => {
  const tool = {
    kind: "tool" as const,
    toolName: "Bash",
    toolInput: bash,
    alwaysRules: alwaysRulesFor({ toolName: "Bash", suggestions: [suggestion] }),
    isTrusted: false,
  };

  it("allows once with the original input, and always with the CLI's rule for the rest of the run", () => {
    expect(buildAnswer({ ...tool, decision: { action: "allow_once" } })).toMatchObject({
      reply: { behavior: "allow", updatedInput: bash },
      status: "allowed",
      rulesToSave: [],
    });
    const always = buildAnswer({ ...tool, decision: { action: "allow_always", scope: "repo" } });
    expect(always.rulesToSave).toEqual([{ toolName: "Bash", ruleContent: "npm test *" }]);
    expect(always.reply).toMatchObject({
      updatedPermissions: [
        {
          type: "addRules",
          rules: [{ toolName: "Bash", ruleContent: "npm test *" }],
          behavior: "allow",
          destination: "session",
        },
      ],
    });
    expect(always.outcome).toBe("Always allowed (this repository)");
  });

  it("denies with the user's message, or a default one", () => {
    expect(buildAnswer({ ...tool, decision: { action: "deny", message: "Not now" } }).reply).toEqual({
      behavior: "deny",
      message: "Not now",
    });
    expect(buildAnswer({ ...tool, decision: { action: "deny" } }).reply).toEqual({
      behavior: "deny",
      message: "The user denied this.",
    });
  });

  it("answers every question of an AskUserQuestion, and refuses a partial answer", () => {
    const input = { questions: [{ question: "A?" }, { question: "B?" }] };
    const question = {
      kind: "question" as const,
      toolName: "AskUserQuestion",
      toolInput: input,
      alwaysRules: null,
      isTrusted: false,
    };
    expect(() => buildAnswer({ ...question, decision: { action: "answer", answers: { "A?": "x" } } })).toThrow(/B\?/);
    expect(
      buildAnswer({ ...question, decision: { action: "answer", answers: { "A?": "x", "B?": "y", "C?": "z" } } }).reply,
    ).toEqual({
      behavior: "allow",
      updatedInput: { ...input, answers: { "A?": "x", "B?": "y" } },
    });
  });

  it("approves a plan in the chosen mode, keeps planning with feedback, and refuses Bypass when untrusted", () => {
    const plan = {
      kind: "plan" as const,
      toolName: "ExitPlanMode",
      toolInput: { plan: "1." },
      alwaysRules: null,
      isTrusted: false,
    };
    expect(buildAnswer({ ...plan, decision: { action: "approve_plan", mode: "acceptEdits" } }).reply).toMatchObject({
      behavior: "allow",
      updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    });
    expect(() => buildAnswer({ ...plan, decision: { action: "approve_plan", mode: "bypassPermissions" } })).toThrow(
      /trusted/,
    );
    expect(
      buildAnswer({ ...plan, isTrusted: true, decision: { action: "approve_plan", mode: "bypassPermissions" } }).status,
    ).toBe("allowed");
    expect(buildAnswer({ ...plan, decision: { action: "keep_planning", feedback: "Split step 2" } }).reply).toEqual({
      behavior: "deny",
      message: "Keep planning. The user's feedback: Split step 2",
    });
  });

  it("refuses decisions that do not fit the request", () => {
    expect(() => buildAnswer({ ...tool, decision: { action: "approve_plan", mode: "default" } })).toThrow(
      /does not apply/,
    );
    expect(() =>
      buildAnswer({ ...tool, alwaysRules: null, decision: { action: "allow_always", scope: "global" } }),
    ).toThrow(/not offered/);
  });
});

describe("classifying requests", () => {
  it("tells tools, questions and plans apart", () => {
    expect([approvalKindOf("Bash"), approvalKindOf("AskUserQuestion"), approvalKindOf("ExitPlanMode")]).toEqual([
      "tool",
      "question",
      "plan",
    ]);
  });

  it("takes 'always' from the CLI's addRules suggestion, else the whole tool, never from unsafe names", () => {
    expect(alwaysRulesFor({ toolName: "Edit", suggestions: [{ type: "setMode", mode: "acceptEdits" }] })).toEqual([
      { toolName: "Edit", ruleContent: null },
    ]);
    expect(
      alwaysRulesFor({
        toolName: "Bash",
        suggestions: [{ ...suggestion, rules: [{ toolName: "Bash", ruleContent: "a\nb" }] }],
      }),
    ).toEqual([{ toolName: "Bash", ruleContent: null }]);
    expect(alwaysRulesFor({ toolName: "--evil", suggestions: [] })).toBeNull();
    expect(alwaysRulesFor({ toolName: "AskUserQuestion", suggestions: [] })).toBeNull();
    expect(formatToolRule({ toolName: "Bash", ruleContent: "npm test *" })).toBe("Bash(npm test *)");
  });
});

describe("applying an edit for the preview", () => {
  it("applies Edit and MultiEdit like Claude Code, and explains when it cannot", () => {
    expect(applyEdits({ text: "a b a", edits: readEdits("Edit", { old_string: "b", new_string: "B" })! })).toEqual({
      after: "a B a",
    });
    expect(
      applyEdits({ text: "a b a", edits: readEdits("Edit", { old_string: "a", new_string: "x" })! }),
    ).toMatchObject({ failure: expect.stringMatching(/more than once/) });
    expect(
      applyEdits({ text: "a b a", edits: readEdits("Edit", { old_string: "a", new_string: "x", replace_all: true })! }),
    ).toEqual({ after: "x b x" });
    expect(
      applyEdits({
        text: "abc",
        edits: readEdits("MultiEdit", {
          edits: [
            { old_string: "a", new_string: "1" },
            { old_string: "c", new_string: "3" },
          ],
        })!,
      }),
    ).toEqual({ after: "1b3" });
    expect(applyEdits({ text: "abc", edits: readEdits("Edit", { old_string: "z", new_string: "y" })! })).toMatchObject({
      failure: expect.stringMatching(/not in the file/),
    });
    expect(readEdits("Write", {})).toBeNull();
  });
});
