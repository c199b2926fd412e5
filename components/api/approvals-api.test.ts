import { describe, expect, it } from "vitest";
import { worktreeModeUrl } from "./approvals-api.ts";

describe("worktreeModeUrl", () => {
  it("asks for the repository and worktree only, not the rest of a component's props", () => {
    const props = { repoId: "r1", worktreePath: "/tmp/a b&c", onChanged: () => undefined };
    expect(worktreeModeUrl(props)).toBe("/api/worktree-mode?repoId=r1&worktreePath=%2Ftmp%2Fa+b%26c");
  });
});
