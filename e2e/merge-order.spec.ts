import AxeBuilder from "@axe-core/playwright";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { PlanBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const node = (slug: string, title: string) => ({ slug, title, description: null, status: "in_progress" });

test("the dashboard shows the merge order of a three-level plan, with conflicts against main and between siblings", async ({
  page,
  claude,
  repo,
}) => {
  // api ← auth ← login, and ui next to auth; auth and ui both change shared.txt; main moved on in README.md.
  const worktree = (slug: string) => path.join(repo.root, `order-${slug}`);
  const add = async (slug: string, from: string) =>
    runFixtureGit({ cwd: repo.mainPath, args: ["worktree", "add", "-q", "-b", `feat/${slug}`, worktree(slug), from] });
  await add("api", "main");
  await commit(worktree("api"), { "api.txt": "api\n" }, "api");
  await add("auth", "feat/api");
  await commit(worktree("auth"), { "shared.txt": "auth\n", "README.md": "# auth\n" }, "auth");
  await add("ui", "feat/api");
  await commit(worktree("ui"), { "shared.txt": "ui\n" }, "ui");
  await add("login", "feat/auth");
  await commit(worktree("login"), { "login.txt": "login\n" }, "login");
  await commit(repo.mainPath, { "README.md": "# main moved\n" }, "main moves on");
  const created = await callApi<PlanBody>(claude.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Sign-in", goal: "Users sign in" },
  });
  const planId = created.body.plan.id;
  await callApi(claude.arbor, "/api/tree-spec", {
    body: {
      planId,
      baseVersion: null,
      tree: {
        nodes: [node("api", "API"), node("auth", "Sessions"), node("ui", "Sign-in form"), node("login", "Login page")],
        edges: [
          { parent: "api", child: "auth" },
          { parent: "api", child: "ui" },
          { parent: "auth", child: "login" },
        ],
      },
    },
  });

  await page.goto(`/?repo=${repo.repoId}`);
  const panel = page.getByTestId("merge-order");
  await expect(panel.getByRole("heading", { name: "Merge order into main" })).toBeVisible();
  const entries = panel.getByTestId("merge-order-entry");
  await expect(entries).toHaveCount(4);
  const rows = await entries.evaluateAll((elements) =>
    elements.map((element) => [element.getAttribute("data-branch"), element.getAttribute("data-step")]),
  );
  expect(rows).toEqual([
    ["feat/api", "1"],
    ["feat/auth", "2"],
    ["feat/ui", "3"],
    ["feat/login", "4"],
  ]);
  const auth = panel.locator('[data-testid="merge-order-entry"][data-branch="feat/auth"]');
  await expect(auth.getByTestId("merge-order-state")).toHaveText("waits for its parent");
  await expect(auth.getByTestId("merge-order-base-conflicts")).toHaveText("Conflicts with main: README.md");
  await expect(auth.locator('[data-testid="merge-order-sibling-risk"][data-sibling="feat/ui"]')).toHaveText(
    "Conflicts with feat/ui: shared.txt",
  );
  await expect(
    panel.locator('[data-testid="merge-order-entry"][data-branch="feat/api"]').getByTestId("merge-order-state"),
  ).toHaveText("ready to land");
  await expect(panel.locator('[data-testid="merge-order-entry"][data-branch="feat/login"]')).toContainText(
    "After: feat/api, feat/auth",
  );

  // Landing api (a merge commit) moves it to landed and auth up to ready, after a rescan.
  await runFixtureGit({ cwd: repo.mainPath, args: ["merge", "-q", "--no-edit", "feat/api"] });
  await page.getByTestId("dashboard-refresh").click();
  await expect(panel.locator('[data-testid="merge-order-entry"][data-branch="feat/api"]')).toHaveAttribute(
    "data-state",
    "landed",
  );
  await expect(auth).toHaveAttribute("data-state", "ready");
  // Its turn, but it still conflicts with main: not shown as ready to land.
  await expect(auth.getByTestId("merge-order-state")).toHaveText("next, once its conflicts are resolved");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include('[data-testid="merge-order"]').analyze();
    const serious = results.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""));
    expect(serious.map((violation) => `${colorScheme}: ${violation.id} ${violation.help}`)).toEqual([]);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // One column at phone width: the dashboard is the main pane's.
      if (width < 768)
        await page.getByRole("navigation", { name: "Columns" }).getByRole("button", { name: "Dashboard" }).click();
      await panel.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await panel.screenshot({ path: `test-results/screenshots/merge-order-${width}-${colorScheme}.png` });
    }
  }
});
