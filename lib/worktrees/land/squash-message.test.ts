import { describe, expect, it } from "vitest";
import { parseCommitSubjects, squashMessage } from "./squash-message.ts";

describe("squash message", () => {
  it("keeps one commit's subject and says where it came from", () => {
    expect(
      squashMessage({ branch: "feat/notes", base: "main", commits: [{ shortSha: "abc1234", subject: "Add notes" }] }),
    ).toBe("Add notes\n\nSquashed from feat/notes into main:\n\n* Add notes (abc1234)\n");
  });

  it("names the branch and the count for several commits, listed oldest first", () => {
    const commits = parseCommitSubjects("aaa1111\0First\nbbb2222\0Second: with a colon\n");
    expect(squashMessage({ branch: "feat/x", base: "develop", commits })).toBe(
      "Land feat/x (2 commits)\n\nSquashed from feat/x into develop:\n\n* First (aaa1111)\n* Second: with a colon (bbb2222)\n",
    );
  });
});
