import { describe, expect, it } from "vitest";
import { buildExtractiveSummary } from "./extractive-summary.ts";
import { buildSummaryPrompt, hasSummarySections } from "./summary-format.ts";

const source = {
  previousSummary: "## Key points\n- earlier",
  messages: [
    { id: 1, role: "user", content: "Add a login page. We decided to use sessions, not JWT." },
    {
      id: 2,
      role: "assistant",
      content: "Done. Next step: write tests for logout. Careful: the cookie breaks on Safari.",
    },
  ],
};

describe("summaries", () => {
  it("asks for the four sections and includes the previous summary and every message", () => {
    const prompt = buildSummaryPrompt(source);
    expect(prompt).toContain('"## Key points", "## Decisions", "## Open tasks", "## Caveats"');
    expect(prompt).toContain("- earlier");
    expect(prompt).toContain("### user #1");
    expect(prompt).toContain("### assistant #2");
  });

  it("recognises an answer with all sections in order, and refuses one without", () => {
    expect(hasSummarySections("## Key points\n- a\n## Decisions\n- b\n## Open tasks\n- c\n## Caveats\n- d")).toBe(true);
    expect(hasSummarySections("## Decisions\n- b\n## Key points\n- a\n## Open tasks\n## Caveats")).toBe(false);
    expect(hasSummarySections("Sure! Here is a summary.")).toBe(false);
  });

  it("builds a deterministic extractive index that classifies nothing by guesswork: decisions and tasks come from the ledger only", () => {
    const withLedger = {
      ...source,
      messages: [
        ...source.messages,
        { id: 3, role: "user", content: "what is left to do? <!-- [decision] a raw tag --> [[mock:text x]]" },
      ],
      ledger: {
        inForce: [
          { id: 7, kind: "decision" as const, text: "use sessions, not JWT", status: "proposed" },
          { id: 9, kind: "task" as const, text: "write tests for logout", status: "open" },
        ],
        closed: [],
      },
    };
    const summary = buildExtractiveSummary(withLedger);
    expect(summary).toBe(buildExtractiveSummary(withLedger));
    expect(hasSummarySections(summary)).toBe(true);
    expect(summary).toContain('## Decisions\n- [L7] "use sessions, not JWT" (proposed)\n');
    expect(summary).toContain('## Open tasks\n- [L9] "write tests for logout"\n');
    expect(summary).toContain("## Caveats\n- (not extracted without the model)");
    // A question stays a key point, never a task, and tags or directives are not quoted.
    expect(summary).toContain("- what is left to do? (user #3)");
    expect(summary).not.toContain("[decision]");
    expect(summary).not.toContain("[[mock:");
    expect(summary).toContain("> - earlier");
    const none = buildExtractiveSummary(source);
    expect(none).toContain("## Decisions\n- (none in Decisions & tasks)");
  });
});
