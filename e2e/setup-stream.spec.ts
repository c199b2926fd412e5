// A trusted repository's setup command: its output shows while it runs, in the New worktree dialog and on a
// design node's card, with Stop setup.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { PlanBody } from "@/tests/support/api-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./chat-fixtures.ts";

/**
 * Trusts the repository, saves `node -e` as its setup command (printing `first`, then waiting on
 * a FIFO until the test writes to it, then running `then`), and starts "New worktree…" for
 * `branch` in the dialog, returned once the first line is shown live. Returns the dialog and the FIFO.
 */
async function startSetupThatWaits(
  input: { page: Page; arbor: Parameters<typeof callApi>[0]; repo: { repoId: string; root: string } },
  setup: { first: string; then: string; branch: string; timeoutSeconds: number },
) {
  const { page, repo } = input;
  await trustRepo(input.arbor, repo.repoId);
  const gate = path.join(repo.root, `gate-${setup.branch.replaceAll("/", "-")}`);
  execFileSync("mkfifo", [gate]);
  const script = `console.log(${JSON.stringify(setup.first)}); require("fs").readFileSync(${JSON.stringify(gate)}); ${setup.then}`;
  await callApi(input.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", script], timeoutSeconds: setup.timeoutSeconds },
  });
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  await dialog.getByTestId("new-worktree-branch").fill(setup.branch);
  await dialog.getByTestId("new-worktree-create").click();
  await expect(dialog.getByTestId("setup-live-output")).toHaveText(`${setup.first}\n`);
  return { dialog, gate };
}

test("the setup command's output is shown live while the new worktree is set up, then its report", async ({
  page,
  claude,
  repo,
}) => {
  // The command prints, then waits on a FIFO the test writes to once the dialog has shown the first line.
  const { dialog, gate } = await startSetupThatWaits(
    { page, arbor: claude.arbor, repo },
    { first: "installing step 1", then: 'console.log("step 2 done")', branch: "feat/live-setup", timeoutSeconds: 60 },
  );
  const live = dialog.getByTestId("setup-live-output");
  await expect(dialog.getByTestId("setup-report")).toHaveCount(0);
  await expect(dialog.getByTestId("new-worktree-create")).toHaveText("Creating…");
  // Neither Cancel nor Escape can drop what is under way: its outcome shows here.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await expect(dialog.getByTestId("new-worktree-busy")).toContainText("running its setup");
  await page.keyboard.press("Escape");
  await expect(live).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await dialog.screenshot({ path: `test-results/screenshots/setup-live-${colorScheme}.png` });
  }

  writeFileSync(gate, "go");
  const report = dialog.getByTestId("setup-report");
  await expect(report.getByTestId("setup-command")).toHaveAttribute("data-status", "succeeded");
  await expect(report).toContainText("step 2 done");
});

test("Stop setup ends a setup command that would hang, and the report says it was stopped", async ({
  page,
  claude,
  repo,
}) => {
  // Waits on a FIFO nobody writes: only Stop setup (or its 10-minute limit) ends it.
  const { dialog } = await startSetupThatWaits(
    { page, arbor: claude.arbor, repo },
    { first: "fetching", then: "", branch: "feat/stuck-setup", timeoutSeconds: 600 },
  );
  await dialog.getByTestId("setup-stop").click();
  const report = dialog.getByTestId("setup-report");
  await expect(report.getByTestId("setup-command")).toHaveAttribute("data-status", "failed");
  await expect(report.getByTestId("setup-command")).toContainText("The setup command was stopped, as you asked.");
  await expect(report.getByTestId("setup-output")).toHaveText("fetching\n");
});

test("a design node's Create branch and worktree shows its setup command's output on the card, and Stop setup ends it", async ({
  page,
  claude,
  repo,
}) => {
  await trustRepo(claude.arbor, repo.repoId);
  const gate = path.join(repo.root, "node-gate");
  execFileSync("mkfifo", [gate]);
  // Waits on a FIFO nobody writes: only Stop setup (or its 10-minute limit) ends it.
  const script = `console.log("preparing the node"); require("fs").readFileSync(${JSON.stringify(gate)})`;
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", script], timeoutSeconds: 600 },
  });
  const plan = await callApi<PlanBody>(claude.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Node setup", goal: "" },
  });
  const tree = { nodes: [{ slug: "api", title: "API", description: null, status: "planned" }], edges: [] };
  await callApi(claude.arbor, "/api/tree-spec", { body: { planId: plan.body.plan.id, tree, baseVersion: null } });

  await page.goto(`/?repo=${repo.repoId}`);
  const node = page.locator('[data-testid="tree-node"][data-slug="api"]');
  await node.getByTestId("create-branch").click();
  await expect(node.getByTestId("setup-live-output")).toHaveText("preparing the node\n");
  await expect(node.getByTestId("setup-live")).toContainText("node -e");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await node.screenshot({ path: `test-results/screenshots/node-setup-live-${colorScheme}.png` });
  }
  await node.getByTestId("setup-stop").click();
  await expect(node).toHaveAttribute("data-branch", "feat/api");
  await expect(node.getByTestId("setup-live")).toHaveCount(0);
  await expect(node.getByTestId("node-setup-problems")).toContainText("The setup command was stopped, as you asked.");
});
