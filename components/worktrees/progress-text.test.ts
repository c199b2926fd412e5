import { describe, expect, it } from "vitest";
import { describeProgress } from "./progress-text.ts";

describe("describeProgress", () => {
  it("says nothing for a worktree with no work yet", () => {
    expect(describeProgress({ ahead: 0, behind: 0, added: 0, removed: 0 }, "main")).toBeNull();
  });

  it("puts commits each way before the lines, and spells them out in the title", () => {
    const text = describeProgress({ ahead: 3, behind: 1, added: 40, removed: 1 }, "main");
    expect(text?.short).toBe("↑3 ↓1 · +40 −1");
    expect(text?.lines).toBe("+40 −1");
    expect(text?.title).toContain("3 commits ahead of main, 1 commit behind; 40 lines added and 1 line removed");
  });

  it("leaves out a direction with nothing in it", () => {
    expect(describeProgress({ ahead: 0, behind: 2, added: 0, removed: 0 }, "trunk")?.short).toBe("↓2");
    expect(describeProgress({ ahead: 0, behind: 0, added: 5, removed: 0 }, "trunk")).toMatchObject({
      short: "+5 −0",
      lines: "+5 −0",
    });
  });
});
