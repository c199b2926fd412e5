import { describe, expect, it } from "vitest";
import { explainCopyPathProblem, formatCommandLine, parseCommandLine } from "./worktree-setup.ts";

describe("explainCopyPathProblem", () => {
  it.each([".env", "..env", ".gitignore-local", "config/local.json", "apps/web/.env.local", ".vscode/settings.json"])(
    "accepts %s",
    (path) => {
      expect(explainCopyPathProblem(path)).toBeNull();
    },
  );

  it.each([
    ["", /empty/],
    ["/etc/passwd", /relative/],
    ["~/.ssh/id_rsa", /relative/],
    ["C:\\secrets", /relative/],
    ["../other/.env", /"\.\."/],
    ["a/../../b", /"\.\."/],
    ["a\\b", /use "\/"/],
    [".git/config", /inside \.git/],
    [".GIT/config", /inside \.git/],
    ["vendor/lib/.git/config", /inside \.git/],
    ["a//b", /empty or "\."/],
    ["./.env", /empty or "\."/],
    ["a\0b", /NUL/],
  ])("refuses %j", (path, reason) => {
    expect(explainCopyPathProblem(path)).toMatch(reason);
  });
});

describe("parseCommandLine", () => {
  it("splits words and keeps quoted spaces, without expanding anything", () => {
    expect(parseCommandLine("npm ci")).toEqual({ argv: ["npm", "ci"], problem: null });
    expect(parseCommandLine(`  cp "a b.txt"   'c d' e\\ f  `).argv).toEqual(["cp", "a b.txt", "c d", "e f"]);
    expect(parseCommandLine(`echo "it's" 'say "hi"' "q\\"x"`).argv).toEqual(["echo", "it's", 'say "hi"', 'q"x']);
    expect(parseCommandLine(`echo '$HOME | x'`).argv).toEqual(["echo", "$HOME | x"]);
    expect(parseCommandLine("").argv).toEqual([]);
  });

  it.each(["npm ci && npm test", "make | tee log", "a; b", "make > log", "echo $HOME", 'echo "$HOME"', "echo `id`"])(
    "refuses what needs a shell: %s",
    (line) => {
      expect(parseCommandLine(line).problem).toMatch(/runs without one; put the steps in a script/);
    },
  );

  it("refuses an unclosed quote", () => {
    expect(parseCommandLine(`echo "a`).problem).toBe("a double quote is not closed");
  });

  it("formats argv back readably, in a line that parses to the same argv", () => {
    expect(formatCommandLine(["node", "-e", "console.log('hi')"])).toBe(`node -e "console.log('hi')"`);
    expect(formatCommandLine(["echo", 'say "$x"'])).toBe(`echo 'say "$x"'`);
    for (const argv of [
      ["npm", "ci"],
      ["cp", "a b", "it's", ""],
      ["echo", "$x|y"],
    ]) {
      expect(parseCommandLine(formatCommandLine(argv)).argv).toEqual(argv);
    }
  });
});
