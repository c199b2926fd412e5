import { describe, expect, it } from "vitest";
import { captureStatements, normalizeStatement } from "./capture-statements.ts";

const kinds = (text: string, source?: "user" | "answer") =>
  captureStatements(text, source).map((statement) => [statement.kind, statement.text]);

describe("captureStatements", () => {
  it("finds decisions and tasks written as plain English sentences, without their lead-in", () => {
    expect(kinds("After the discussion above, we agreed: we will drop Node 18 support.")).toEqual([
      ["decision", "we will drop Node 18 support"],
    ]);
    expect(kinds("Adding this to the open list, not started yet: set up nightly backups")).toEqual([
      ["task", "set up nightly backups"],
    ]);
    expect(kinds("OK, let's go with PostgreSQL for the team setup. TODO: write the migration guide")).toEqual([
      ["decision", "let's go with PostgreSQL for the team setup"],
      ["task", "write the migration guide"],
    ]);
    expect(kinds("Going forward, dates are stored in UTC.")).toEqual([
      ["decision", "Going forward, dates are stored in UTC"],
    ]);
    expect(kinds("We decided to keep the XML endpoint for one more release.")).toEqual([
      ["decision", "We decided to keep the XML endpoint for one more release"],
    ]);
    expect(kinds("- Decision: the upload limit is 25 MB\n- we still need to add retries to the uploader")).toEqual([
      ["decision", "the upload limit is 25 MB"],
      ["task", "we still need to add retries to the uploader"],
    ]);
    expect(kinds("Don't forget to document the settings table.")).toEqual([
      ["task", "Don't forget to document the settings table"],
    ]);
  });

  it("finds them in Japanese (決定、方針、〜にする、TODO、やること)", () => {
    expect(kinds("議論の結果、Node 18 のサポートは打ち切ることにしました。")).toEqual([
      ["decision", "議論の結果、Node 18 のサポートは打ち切ることにしました"],
    ]);
    expect(kinds("方針：日付はすべて UTC で保存する。やること：夜間バックアップを設定する")).toEqual([
      ["decision", "日付はすべて UTC で保存する"],
      ["task", "夜間バックアップを設定する"],
    ]);
    expect(kinds("キャッシュは LRU にします。")).toEqual([["decision", "キャッシュは LRU にします"]]);
    expect(kinds("TODO: エラーメッセージを翻訳する")).toEqual([["task", "エラーメッセージを翻訳する"]]);
  });

  it("never takes a question, code, a tag or a plain remark", () => {
    expect(kinds("Should we drop Node 18 support?")).toEqual([]);
    expect(kinds("Node 18 のサポートは打ち切ることにしますか？")).toEqual([]);
    expect(kinds("キャッシュは LRU にしますか。")).toEqual([]);
    expect(kinds("```\n// TODO: not a task of ours\n```\nThe build is green.")).toEqual([]);
    expect(kinds("Done. <!-- [decision] use tabs -->")).toEqual([]);
    expect(kinds("The tests pass and the diff is small.")).toEqual([]);
    expect(kinds("what is left to do?")).toEqual([]);
  });

  it("takes only explicit cues from Claude's answers", () => {
    expect(kinds("We will use SQLite here. Let's add a test for it.", "answer")).toEqual([]);
    expect(kinds("Decision: errors go through one AppError type.", "answer")).toEqual([
      ["decision", "errors go through one AppError type"],
    ]);
  });

  it("keeps each statement once and at most eight a message, and stays linear on hostile text", () => {
    expect(kinds("TODO: write the docs. TODO: Write the docs.")).toEqual([["task", "write the docs"]]);
    const many = Array.from({ length: 20 }, (_, index) => `TODO: task number ${index}.`).join(" ");
    expect(captureStatements(many)).toHaveLength(8);
    const hostile = `${"we ".repeat(50_000)}agreed${" :".repeat(50_000)}`;
    const started = performance.now();
    captureStatements(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(normalizeStatement("  Use  SQLite. ")).toBe("use sqlite");
  });
});
