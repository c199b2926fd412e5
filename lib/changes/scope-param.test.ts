import { describe, expect, it } from "vitest";
import type { ChangesScope } from "./changes-view.ts";
import { formatScope, parseScope } from "./scope-param.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const RUN = "5f0c6a52-7f1e-4c8b-9d7e-2a4b6c8d0e1f";

describe("scope parameters", () => {
  it("read back every scope they write", () => {
    const scopes: ChangesScope[] = [
      { kind: "uncommitted" },
      { kind: "branch", mergeBase: SHA },
      { kind: "commit", sha: SHA },
      { kind: "run", runId: RUN },
      { kind: "before-run", runId: RUN },
    ];
    for (const scope of scopes) expect(parseScope(formatScope(scope))).toEqual(scope);
  });

  it("refuse ids of the wrong shape and revisions that could be options", () => {
    for (const bad of ["branch:main", "commit:--output=x", "run:1", "before-run:../x", "everything", "commit:"]) {
      expect(parseScope(bad), bad).toBeNull();
    }
  });
});
