import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createFixtureRoot, removeGitFixture, type GitFixtureRoot } from "./git-fixtures.ts";

/**
 * A temporary fixture folder for the tests of the enclosing file or describe: a new one for each
 * test (`"each"`) or one for all of them (`"all"`), deleted afterwards. Read `.root` inside a test.
 */
export function useFixtureRoot(scope: "each" | "all"): GitFixtureRoot {
  let fixture: GitFixtureRoot | null = null;
  const [before, after] = scope === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    fixture = await createFixtureRoot();
  });
  after(async () => {
    if (fixture) await removeGitFixture(fixture);
    fixture = null;
  });
  return {
    get root() {
      if (!fixture) throw new Error("useFixtureRoot: the folder exists only while a test runs");
      return fixture.root;
    },
  };
}
