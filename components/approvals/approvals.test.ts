import { describe, expect, it } from "vitest";
import type { ToolCallView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { describeAnsweredBy } from "./answerer-label.ts";
import { mergeApprovals, pairApprovalsWithTools } from "./approval-lists.ts";
import { approvalHeadline, describeApprovalAlert, describeApprovalRequest } from "./approval-text.ts";
import { buildQuestionAnswers, readQuestionViews } from "./question-form.ts";

function approval(overrides: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id: "a1",
    runId: "r1",
    sessionId: "s1",
    repoId: "p1",
    worktreePath: "/repos/demo-wt",
    kind: "tool",
    toolName: "Bash",
    input: { command: "npm test", description: "Run the tests" },
    description: null,
    reason: null,
    alwaysRules: [{ toolName: "Bash", ruleContent: "npm test" }],
    preview: null,
    status: "pending",
    answeredBy: null,
    outcome: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    expiresAt: "2026-01-01T00:30:00.000Z",
    askedAt: null,
    ...overrides,
  };
}

const tool = (id: string, name: string, input: unknown): ToolCallView => ({ id, name, input, result: null });

describe("mergeApprovals", () => {
  it("keeps one copy per request, the answered one whichever source has it, in the order asked", () => {
    const first = approval({ id: "a1", createdAt: "2026-01-01T00:00:01.000Z" });
    const second = approval({ id: "a2", createdAt: "2026-01-01T00:00:02.000Z" });
    const answered = { ...first, status: "allowed" as const, outcome: "Allowed once", answeredBy: "tab" };
    expect(mergeApprovals([second, first], [answered])).toEqual([answered, second]);
    expect(mergeApprovals([answered], [first])).toEqual([answered]);
    expect(mergeApprovals([], [])).toEqual([]);
  });
});

describe("pairApprovalsWithTools", () => {
  it("pairs a request with the tool call of the same name and input, key order aside", () => {
    const request = approval({ input: { description: "Run the tests", command: "npm test" } });
    const question = approval({ id: "q", kind: "question", toolName: "AskUserQuestion", input: { questions: [] } });
    const tools = [
      tool("t0", "Bash", { command: "ls" }),
      tool("t1", "Bash", { command: "npm test", description: "Run the tests" }),
    ];
    const paired = pairApprovalsWithTools(tools, [request, question]);
    expect(paired.byToolId.get("t1")?.id).toBe("a1");
    expect(paired.byToolId.has("t0")).toBe(false);
    expect(paired.unpaired.map((item) => item.id)).toEqual(["q"]);
  });

  it("pairs two identical requests with two tool calls, one each", () => {
    const tools = [tool("t1", "Bash", { command: "npm test" }), tool("t2", "Bash", { command: "npm test" })];
    const requests = [
      approval({ id: "a", input: { command: "npm test" } }),
      approval({ id: "b", input: { command: "npm test" } }),
    ];
    const paired = pairApprovalsWithTools(tools, requests);
    expect([paired.byToolId.get("t1")?.id, paired.byToolId.get("t2")?.id]).toEqual(["a", "b"]);
  });
});

describe("answerer labels", () => {
  it("say 'this browser' for the browser's own answers and repeat the server's name for others", () => {
    const mine = "Chromium on Linux · 3f9a";
    expect(describeAnsweredBy({ answeredBy: mine, ownLabel: mine })).toBe("this browser");
    expect(describeAnsweredBy({ answeredBy: "Firefox on macOS · 77c1", ownLabel: mine })).toBe(
      "Firefox on macOS · 77c1",
    );
    expect(describeAnsweredBy({ answeredBy: null, ownLabel: mine })).toBeNull();
  });
});

describe("question answers", () => {
  const questions = readQuestionViews({
    questions: [
      {
        question: "Which database?",
        header: "Database",
        options: [{ label: "SQLite", description: "a file" }, { label: "PostgreSQL" }],
        multiSelect: false,
      },
      {
        question: "Which extras?",
        options: [{ label: "Search" }, { label: "Backups", description: "" }],
        multiSelect: true,
      },
      { question: "  " },
      "garbage",
    ],
  });

  it("reads the questions, their options and whether several may be picked", () => {
    expect(questions).toEqual([
      {
        question: "Which database?",
        header: "Database",
        options: [
          { label: "SQLite", description: "a file" },
          { label: "PostgreSQL", description: null },
        ],
        isMultiSelect: false,
      },
      {
        question: "Which extras?",
        header: null,
        options: [
          { label: "Search", description: null },
          { label: "Backups", description: null },
        ],
        isMultiSelect: true,
      },
    ]);
  });

  it("answers each question with its labels (comma-separated) and the 'Other' text, or names the missing ones", () => {
    expect(
      buildQuestionAnswers({
        questions,
        choices: {
          "Which database?": { labels: ["PostgreSQL"], other: "" },
          "Which extras?": { labels: ["Search", "Backups"], other: " nightly " },
        },
      }),
    ).toEqual({ answers: { "Which database?": "PostgreSQL", "Which extras?": "Search, Backups, nightly" } });
    expect(
      buildQuestionAnswers({ questions, choices: { "Which database?": { labels: [], other: "DuckDB" } } }),
    ).toEqual({ missing: ["Which extras?"] });
  });
});

describe("approval text", () => {
  it("says what is asked in one line and in the card's heading", () => {
    expect(describeApprovalRequest(approval())).toBe("Bash: npm test");
    expect(approvalHeadline(approval())).toBe("Claude wants to run a command");
    const edit = approval({
      toolName: "Edit",
      input: { file_path: "/repos/demo-wt/src/a.ts", old_string: "a", new_string: "b" },
      preview: { path: "/repos/demo-wt/src/a.ts", before: "a", after: "b", isTruncated: false, note: null },
    });
    expect(describeApprovalRequest(edit)).toBe("Edit: src/a.ts");
    expect(approvalHeadline(edit)).toBe("Claude wants to edit src/a.ts");
    const create = { ...edit, toolName: "Write", preview: { ...edit.preview!, before: null } };
    expect(approvalHeadline(create)).toBe("Claude wants to create src/a.ts");
    const question = approval({
      kind: "question",
      toolName: "AskUserQuestion",
      input: { questions: [{ question: "Which one?" }, { question: "And?" }] },
    });
    expect(describeApprovalRequest(question)).toBe("Which one? (+1 more)");
    expect(describeApprovalAlert(question)).toEqual({
      title: "Claude is waiting for you in demo-wt",
      body: "Which one? (+1 more)",
    });
    expect(describeApprovalRequest(approval({ kind: "plan", toolName: "ExitPlanMode", input: {} }))).toBe(
      "A plan to review",
    );
  });
});
