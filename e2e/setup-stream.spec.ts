// A trusted repository's setup command: its output shows in the New worktree dialog while it runs.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
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
