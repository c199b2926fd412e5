// The whole work loop of one branch, as a user runs it: a worktree created from the UI with a setup step, a run
// that changes a file (the real CLI against the mock model, the write approved inline), a commit from the Changes
// tab, a squash landing that marks the design node done, and the worktree's removal offered and done.
import { readFileSync } from "node:fs";
import path from "node:path";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

test("create a worktree with a setup step, let a run change a file, commit, land with squash, node done, remove", async ({
  page,
  repo,
  claude,
}) => {
  test.slow(); // a real CLI run, a commit and a landing
  const git = (...args: string[]) => runFixtureGit({ cwd: repo.mainPath, args });
  await git("config", "user.name", "Journey Tester");
  await git("config", "user.email", "journey.tester@example.invalid");
  await trustRepo(claude.arbor, repo.repoId);
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", "console.log('dependencies installed')"], timeoutSeconds: 60 },
  });
  const plan = await callApi<{ plan: { id: string } }>(claude.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Journey" },
  });
  await callApi(claude.arbor, "/api/tree-spec", {
    body: {
      planId: plan.body.plan.id,
      tree: {
        nodes: [{ slug: "journey", title: "Journey notes", description: null, status: "in_progress" }],
        edges: [],
      },
      baseVersion: null,
    },
  });
  const folder = `${repo.root}/main-journey`;
  claude.mock.setResponder(({ request, humanText }) =>
    request.isStreaming && humanText?.includes("Add the journey notes")
      ? {
          name: "journey",
          steps: [
            {
              type: "tool_use",
              name: "Write",
              input: { file_path: path.join(folder, "NOTES.md"), content: "# Journey\n\nLanded by squash.\n" },
            },
            { type: "text", text: "Wrote NOTES.md with the journey notes." },
          ],
        }
      : null,
  );

  // A worktree from the UI: the setup command's output, then its chat.
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("worktree-new").click();
  const dialog = page.getByTestId("new-worktree-dialog");
  await dialog.getByTestId("new-worktree-branch").fill("feat/journey");
  await expect(dialog.getByTestId("new-worktree-folder")).toHaveValue(folder);
  await dialog.getByTestId("new-worktree-create").click();
  const report = dialog.getByTestId("setup-report");
  await expect(report.getByTestId("setup-command")).toHaveAttribute("data-status", "succeeded");
  await expect(report).toContainText("dependencies installed");
  await report.getByTestId("setup-report-done").click();
  const row = page.locator(`[data-testid="worktree-row"][data-path="${folder}"]`);
  await expect(row).toHaveAttribute("data-selected", "true");

  // A run that writes a file, approved inline.
  await page.getByTestId("composer-input").fill("Add the journey notes");
  await page.getByTestId("send-button").click();
  await page.getByTestId("approval-allow-once").click();
  await expect(page.getByTestId("message-list")).toContainText("Wrote NOTES.md with the journey notes.", {
    timeout: 60_000,
  });
  expect(readFileSync(path.join(folder, "NOTES.md"), "utf8")).toBe("# Journey\n\nLanded by squash.\n");
  await expect(page.getByTestId("run-restore")).toHaveCount(1);

  // The Changes tab shows it; commit it.
  await page.getByTestId("changes-toggle").click();
  const changes = page.getByTestId("changes-panel");
  await expect(changes.getByTestId("changed-file")).toHaveCount(1);
  await changes.getByTestId("commit-message").fill("Add the journey notes");
  await changes.getByTestId("commit-submit").click();
  await expect(changes.getByTestId("changed-files-empty")).toBeVisible();

  // Land with squash: the design node is done, the worktree is offered for removal, and goes.
  await row.hover();
  await row.getByTestId("worktree-land").click();
  const land = page.getByTestId("land-dialog");
  await expect(land.getByTestId("land-preview")).toHaveAttribute("data-status", "clean");
  await expect(land.getByTestId("land-blockers")).toHaveCount(0);
  await land.getByTestId("land-method-squash").check();
  await land.getByTestId("land-confirm").click();
  await expect(land.getByTestId("land-done")).toContainText("Landed feat/journey into main (squash into one commit)");
  await expect(land.getByTestId("land-nodes-done")).toContainText("Journey notes (plan Journey)");
  expect(readFileSync(path.join(repo.mainPath, "NOTES.md"), "utf8")).toBe("# Journey\n\nLanded by squash.\n");
  expect(await git("log", "-1", "--format=%B")).toMatch(
    /^Add the journey notes\n\nSquashed from feat\/journey into main:\n\n\* Add the journey notes \([0-9a-f]{7,}\)\n/,
  );
  await land.getByTestId("land-offer-remove").click();
  const removal = page.getByTestId("remove-worktree-dialog");
  await expect(removal).toContainText("Nothing would be lost");
  await removal.getByTestId("remove-confirm").click();
  await expect(row).toHaveCount(0);
  // Its chat, still on screen, is history now: read-only, saying why, with no message box to type into.
  await expect(page.getByTestId("removed-worktree-banner")).toContainText("Worktree removed — read-only.");
  await expect(page.getByTestId("composer-input")).toHaveCount(0);
  await expect(page.getByTestId("chat-panel")).toHaveAttribute("data-read-only", "true");
  await expect(page.getByTestId("changes-panel")).toHaveCount(0);
  // Its answers keep their text but offer nothing to act on: there are no files to compare or restore.
  await expect(page.getByTestId("message-list")).toContainText("Wrote NOTES.md with the journey notes.");
  await expect(page.getByTestId("run-restore")).toHaveCount(0);
  await page.screenshot({ path: "test-results/screenshots/land-journey-removed-chat.png" });
  expect(await git("branch", "--list", "feat/journey")).toBe("");
  const saved = await callApi<{ plan: { tree: { nodes: Array<{ slug: string; status: string }> } } }>(
    claude.arbor,
    `/api/plans/${plan.body.plan.id}`,
  );
  expect(saved.body.plan.tree.nodes).toEqual([expect.objectContaining({ slug: "journey", status: "done" })]);
});
