import { test as base, expect, type Page } from "@playwright/test";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { pinRepo } from "@/tests/support/call-api.ts";
import { useSignedInPage } from "./arbor-fixtures.ts";

export interface ChatRepo {
  repoId: string;
  mainPath: string;
  root: string;
  /** Adds a worktree on a new branch and returns its path. */
  addWorktree(name: string): Promise<string>;
}

/**
 * `claude`: one Arbor per worker whose real `claude` CLI talks to the mock model.
 * `repo`: a fresh pinned repository per test.
 * `page`: a page signed in with the server's printed link, watched for CSP violations.
 */
export const test = base.extend<{ baseURL: string; repo: ChatRepo }, { claude: ArborWithClaude }>({
  claude: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const env = await startArborWithClaude();
      await use(env);
      await env.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ claude }, use) => use(claude.arbor.url),
  page: async ({ page, claude }, use, testInfo) => useSignedInPage({ page, arbor: claude.arbor, testInfo }, use),
  repo: async ({ claude }, use) => {
    const fixture = await createFixtureRoot();
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "README.md": "# demo\n" } });
    await use({
      repoId: await pinRepo(claude.arbor, mainPath),
      mainPath,
      root: fixture.root,
      async addWorktree(name) {
        const path = `${fixture.root}/${name}`;
        await addWorktree({ mainPath, path, branch: `feat/${name}` });
        return path;
      },
    });
    await removeGitFixture(fixture);
  },
});

/** Opens Arbor on a repository and one of its worktrees. */
export async function openWorktree(page: Page, input: { repoId: string; worktreePath: string }): Promise<void> {
  await page.goto(`/?repo=${input.repoId}`);
  await page
    .locator(`[data-testid="worktree-row"][data-path="${input.worktreePath}"]`)
    .getByTestId("worktree-open")
    .click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

/** Types a message and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("composer-input").press("Enter");
}

export { expect };
