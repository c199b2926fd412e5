import { describe, expect, it } from "vitest";
import { describeToolInput } from "./describe-tool-input.ts";

describe("describeToolInput", () => {
  it("shows the command, the file or the pattern", () => {
    expect(describeToolInput({ toolName: "Bash", input: { command: "npm test" } })).toBe("npm test");
    expect(describeToolInput({ toolName: "Write", input: { file_path: "/w/a.ts", content: "x" } })).toBe("/w/a.ts");
    expect(describeToolInput({ toolName: "Grep", input: { pattern: "TODO", path: "src" }, withSearchPath: true })).toBe(
      "TODO in src",
    );
    expect(describeToolInput({ toolName: "Custom", input: { a: 1 } })).toBe('{"a":1}');
    expect(describeToolInput({ toolName: "Bash", input: null })).toBe("");
  });

  it("keeps paths outside the cwd absolute and does not treat a Grep path as the subject", () => {
    expect(describeToolInput({ toolName: "Read", input: { file_path: "/etc/hosts" }, cwd: "/repo" })).toBe(
      "/etc/hosts",
    );
    expect(describeToolInput({ toolName: "Read", input: { file_path: "/repo-other/a.ts" }, cwd: "/repo" })).toBe(
      "/repo-other/a.ts",
    );
    expect(describeToolInput({ toolName: "Grep", input: { pattern: "TODO", path: "/repo/src" }, cwd: "/repo" })).toBe(
      "TODO",
    );
    expect(describeToolInput({ toolName: "mcp__x__y", input: { count: 3, name: "first string" }, cwd: null })).toBe(
      "first string",
    );
  });
});
