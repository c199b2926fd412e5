// A trusted repository's setup command: its output shows in the New worktree dialog while it runs.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { expect, test } from "./chat-fixtures.ts";

test("the setup command's output is shown live while the new worktree is set up, then its report", async ({
  page,
  claude,
  repo,
}) => {
  await trustRepo(claude.arbor, repo.repoId);
  // The command prints, then waits on a FIFO the test writes to once the dialog has shown the first line.
  const gate = path.join(repo.root, "setup-gate");
  execFileSync("mkfifo", [gate]);
  const script = `console.log("installing step 1"); require("fs").readFileSync(${JSON.stringify(gate)}); console.log("step 2 done")`;
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", script], timeoutSeconds: 60 },
  });

  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  await dialog.getByTestId("new-worktree-branch").fill("feat/live-setup");
  await dialog.getByTestId("new-worktree-create").click();
  const live = dialog.getByTestId("setup-live-output");
  await expect(live).toHaveText("installing step 1\n");
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
  await trustRepo(claude.arbor, repo.repoId);
  // Waits on a FIFO nobody writes: only Stop setup (or its 10-minute limit) ends it.
  const gate = path.join(repo.root, "never-written");
  execFileSync("mkfifo", [gate]);
  const script = `console.log("fetching"); require("fs").readFileSync(${JSON.stringify(gate)})`;
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", script], timeoutSeconds: 600 },
  });

  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  await dialog.getByTestId("new-worktree-branch").fill("feat/stuck-setup");
  await dialog.getByTestId("new-worktree-create").click();
  await expect(dialog.getByTestId("setup-live-output")).toHaveText("fetching\n");
  await dialog.getByTestId("setup-stop").click();
  const report = dialog.getByTestId("setup-report");
  await expect(report.getByTestId("setup-command")).toHaveAttribute("data-status", "failed");
  await expect(report.getByTestId("setup-command")).toContainText("The setup command was stopped, as you asked.");
  await expect(report.getByTestId("setup-output")).toHaveText("fetching\n");
});
