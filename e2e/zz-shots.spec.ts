import { writeFileSync } from "node:fs";
import path from "node:path";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { expect, openWorktree, test } from "./chat-fixtures.ts";

test("shots", async ({ page, repo, claude }) => {
  await trustRepo(claude.arbor, repo.repoId);
  writeFileSync(
    path.join(repo.mainPath, "math.test.mjs"),
    `import test from "node:test";\nimport assert from "node:assert";\ntest("adds", () => assert.equal(1 + 1, 2));\ntest("subtracts", () => {\n  assert.equal(3 - 1, 1);\n});\n`,
  );
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/settings`, {
    method: "PUT",
    body: { checks: [{ name: "unit", command: "node --test --test-reporter=tap", timeoutSeconds: 60 }, { name: "lint", command: "echo lint ok", timeoutSeconds: 60 }] },
  });
  for (const [w, h] of [[390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
    await page.getByTestId("checks-toggle").click();
    const panel = page.getByTestId("checks-panel");
    await panel.getByTestId("checks-run").click();
    await expect(panel).toHaveAttribute("data-status", "failed");
    await page.screenshot({ path: `/tmp/shot-checks-${w}.png` });
  }
});
