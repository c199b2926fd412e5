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

  it("builds a deterministic extractive summary that quotes the messages", () => {
    const summary = buildExtractiveSummary(source);
    expect(summary).toBe(buildExtractiveSummary(source));
    expect(hasSummarySections(summary)).toBe(true);
    expect(summary).toMatch(/## Decisions\n- We decided to use sessions, not JWT\. \(user #1\)/);
    expect(summary).toMatch(/## Open tasks\n- Next step: write tests for logout\. \(assistant #2\)/);
    expect(summary).toMatch(/## Caveats\n- Careful: the cookie breaks on Safari\. \(assistant #2\)/);
    expect(summary).toContain("> - earlier");
  });
});
