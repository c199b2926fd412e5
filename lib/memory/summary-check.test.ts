import { describe, expect, it } from "vitest";
import { findDroppedItems, reattachItems, REATTACHED_MARK, sectionOf } from "./summary-check.ts";
import { splitLedgerBlock } from "./summary-format.ts";
import { readLedgerChanges } from "./summary-ledger-changes.ts";

/** A small deterministic PRNG (mulberry32) so failures can be replayed from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

const summary = (decisions: string[], tasks: string[]) =>
  [
    "## Key points",
    "- we talked",
    "",
    "## Decisions",
    ...(decisions.length ? decisions.map((line) => `- ${line}`) : ["- none"]),
    "",
    "## Open tasks",
    ...(tasks.length ? tasks.map((line) => `- ${line}`) : ["- none"]),
    "",
    "## Caveats",
    "- none",
  ].join("\n");

/** Words that make each generated item distinct, as real decisions are. */
const WORDS = [
  "sqlite",
  "json",
  "utc",
  "apperror",
  "upload",
  "backoff",
  "flags",
  "logs",
  "shell",
  "sleep",
  "argon",
  "cache",
];

const item = (id: number, kind: "decision" | "task", text: string, status = "open") => ({ id, kind, text, status });

describe("findDroppedItems", () => {
  it("finds ledger entries in force that the summary names neither by id nor by (most of) their words", () => {
    const ledger = {
      inForce: [
        item(1, "decision", "sessions are stored in SQLite with WAL"),
        item(2, "task", "write the migration guide"),
        item(3, "decision", "the upload limit is 25 MB"),
      ],
      closed: [],
    };
    const markdown = summary(["Sessions stored in SQLite, with WAL mode"], ["Guide: see [L2]"]);
    expect(findDroppedItems({ markdown, previousMarkdown: null, ledger })).toEqual([
      { section: "Decisions", text: "the upload limit is 25 MB [L3]", ledgerId: 3 },
    ]);
  });

  it("does not let a near-twin stand in: a bullet citing another entry, or a different number", () => {
    const ledger = {
      inForce: [item(5, "decision", "the upload limit is 25 MB"), item(6, "decision", "the cache holds 500 entries")],
      closed: [],
    };
    const markdown = summary(["the upload limit is 50 MB", "the cache holds 500 entries, LRU [L7]"], []);
    expect(findDroppedItems({ markdown, previousMarkdown: null, ledger }).map((dropped) => dropped.ledgerId)).toEqual([
      5, 6,
    ]);
  });

  it("keeps the previous summary's decisions and tasks, except those about an entry closed since", () => {
    const previousMarkdown = summary(
      ["retries are capped at 30 s", "flags live in settings [L9]"],
      ["translate the error messages", "none"],
    );
    const ledger = { inForce: [], closed: [item(9, "decision", "flags live in settings", "superseded")] };
    expect(findDroppedItems({ markdown: summary([], []), previousMarkdown, ledger })).toEqual([
      { section: "Decisions", text: "retries are capped at 30 s", ledgerId: null },
      { section: "Open tasks", text: "translate the error messages", ledgerId: null },
    ]);
  });

  it("does not count Arbor's own mark: a re-attached bullet read again is the same item, not a new one", () => {
    const ledger = { inForce: [item(4, "task", "profile the export of long chats")], closed: [] };
    const first = reattachItems(
      summary([], []),
      findDroppedItems({ markdown: summary([], []), previousMarkdown: null, ledger }),
    );
    expect(first).toContain(`- profile the export of long chats [L4] ${REATTACHED_MARK}`);
    expect(findDroppedItems({ markdown: first, previousMarkdown: null, ledger })).toEqual([]);
    // The next summary copies the marked bullet: it still counts, and the mark never doubles.
    const next = summary([], [`profile the export of long chats [L4] ${REATTACHED_MARK}`]);
    expect(findDroppedItems({ markdown: next, previousMarkdown: first, ledger })).toEqual([]);
    expect(reattachItems(next, [])).toBe(next);
  });
});

describe("reattachItems", () => {
  it("puts items back at the end of their sections, replacing a lone 'none', and adds a missing section", () => {
    const markdown = summary(["A [L1]"], []);
    const fixed = reattachItems(markdown, [
      { section: "Decisions", text: "B [L2]", ledgerId: 2 },
      { section: "Open tasks", text: "C [L3]", ledgerId: 3 },
    ]);
    expect(sectionOf(fixed, "Decisions").trim().split("\n")).toEqual(["- A [L1]", `- B [L2] ${REATTACHED_MARK}`]);
    expect(sectionOf(fixed, "Open tasks").trim().split("\n")).toEqual([`- C [L3] ${REATTACHED_MARK}`]);
    expect(sectionOf(fixed, "Caveats").trim()).toBe("- none");
    const bare = reattachItems("## Key points\n- x", [{ section: "Open tasks", text: "D", ledgerId: null }]);
    expect(sectionOf(bare, "Open tasks").trim()).toBe(`- D ${REATTACHED_MARK}`);
  });

  it("property: after re-attaching, no ledger entry in force and no earlier bullet is missing, however much a summary drops", () => {
    for (let seed = 1; seed <= 150; seed += 1) {
      const next = random(seed);
      const inForce = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, index) =>
        item(
          index + 1,
          next() < 0.6 ? "decision" : "task",
          `${WORDS[index]} ${WORDS[(index + 5) % WORDS.length]} rule ${seed}`,
        ),
      );
      const ledger = { inForce, closed: [] };
      let previous: string | null = null;
      for (let round = 0; round < 6; round += 1) {
        // A lossy model: keeps each item it was shown with some probability, sometimes without its id.
        const kept = inForce.filter(() => next() < 0.6);
        const line = (entry: (typeof inForce)[number]) => (next() < 0.5 ? `${entry.text} [L${entry.id}]` : entry.text);
        const written = summary(
          kept.filter((entry) => entry.kind === "decision").map(line),
          kept.filter((entry) => entry.kind === "task").map(line),
        );
        const fixed = reattachItems(
          written,
          findDroppedItems({ markdown: written, previousMarkdown: previous, ledger }),
        );
        for (const entry of inForce) {
          const section = sectionOf(fixed, entry.kind === "decision" ? "Decisions" : "Open tasks");
          expect(section).toContain(entry.text);
        }
        expect(findDroppedItems({ markdown: fixed, previousMarkdown: previous, ledger })).toEqual([]);
        previous = fixed;
      }
    }
  });
});

describe("the summarizer's ledger changes", () => {
  it("splits the arbor-ledger block off the summary", () => {
    const answer = `${summary([], [])}\n\n\`\`\`arbor-ledger\n{"decisions":[],"tasks":[],"done":[]}\n\`\`\`\n`;
    expect(splitLedgerBlock(answer)).toEqual({
      markdown: summary([], []),
      ledgerJson: '{"decisions":[],"tasks":[],"done":[]}',
    });
    expect(splitLedgerBlock("## Key points")).toEqual({ markdown: "## Key points", ledgerJson: null });
  });

  it("keeps only proposals whose evidence names messages it was shown, and closes only open tasks", () => {
    const json = JSON.stringify({
      decisions: [
        { text: "use argon2id", evidence: [5] },
        { text: "no evidence", evidence: [] },
        { text: "evidence it never saw", evidence: [99] },
      ],
      tasks: [{ text: "add a health check", evidence: [5, 6] }],
      done: [
        { id: 7, evidence: [6] },
        { id: 8, evidence: [6] },
        { id: 7, evidence: [] },
      ],
    });
    const read = readLedgerChanges({ json, shownMessageIds: new Set([5, 6]), openTaskIds: new Set([7]) });
    expect(read.changes).toEqual({
      decisions: [{ text: "use argon2id", evidence: [5] }],
      tasks: [{ text: "add a health check", evidence: [5, 6] }],
      done: [{ id: 7, evidence: [6] }],
    });
    expect(read.refused).toBe(4);
    expect(read.problem).toBeNull();
  });

  it("has no way to drop, supersede or edit an entry: any other key is ignored; bad JSON changes nothing", () => {
    const json = JSON.stringify({ dropped: [{ id: 1, evidence: [5] }], superseded: [{ id: 2 }], done: [] });
    expect(readLedgerChanges({ json, shownMessageIds: new Set([5]), openTaskIds: new Set([1, 2]) }).changes).toEqual({
      decisions: [],
      tasks: [],
      done: [],
    });
    const broken = readLedgerChanges({ json: "{not json", shownMessageIds: new Set(), openTaskIds: new Set() });
    expect(broken.changes).toEqual({ decisions: [], tasks: [], done: [] });
    expect(broken.problem).toBe("its ledger block was not JSON");
  });
});
