import { describe, expect, it } from "vitest";
import { identityMissingError, isStoppedForIdentity } from "./git-identity.ts";

describe("a rebase stopped for want of a git identity", () => {
  it("is recognised from git's complaint when nothing conflicts", () => {
    for (const gitOutput of [
      "Committer identity unknown\n\n*** Please tell me who you are.\n\nfatal: empty ident name (for <a@b>) not allowed",
      "fatal: unable to auto-detect email address (got 'root@vm.(none)')",
    ])
      expect(isStoppedForIdentity({ conflictingFileCount: 0, gitOutput })).toBe(true);
  });

  it("is not when files conflict, or git complained about something else", () => {
    expect(isStoppedForIdentity({ conflictingFileCount: 1, gitOutput: "fatal: empty ident name" })).toBe(false);
    expect(
      isStoppedForIdentity({ conflictingFileCount: 0, gitOutput: "error: untracked files would be overwritten" }),
    ).toBe(false);
  });

  it("is answered with what was not done and the two commands that fix it", () => {
    const error = identityMissingError({ notDone: "feat/x was not rebased or landed (the rebase was undone)" });
    expect(error.code).toBe("precondition_failed");
    expect(error.message).toBe(
      'Git does not know who you are, so feat/x was not rebased or landed (the rebase was undone). Run `git config --global user.name "Your Name"` and `git config --global user.email you@example.com`, then land again.',
    );
  });
});
