import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { MergeOrder } from "@/lib/design/merge-order/merge-order.ts";
import { MAX_SIBLING_MERGES } from "@/lib/design/merge-order/read-merge-order.ts";
import type { ErrorBody, PlanBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, sendChat } from "@/tests/support/call-api.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { createPinnedRepo } from "@/tests/support/pinned-repo.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const node = (slug: string) => ({ slug, title: slug, description: null, status: "in_progress" });

async function createPlan(repoId: string, tree: { nodes: unknown[]; edges: unknown[] }): Promise<string> {
  const created = await callApi<PlanBody>(shared.env.arbor, "/api/plans", {
    body: { repoId, title: `Plan ${Math.random()}`, goal: "" },
  });
  const planId = created.body.plan.id;
  const saved = await callApi(shared.env.arbor, "/api/tree-spec", { body: { planId, tree, baseVersion: null } });
  expect(saved.status).toBe(200);
  return planId;
}

const mergeOrder = (planId: string) =>
  callApi<{ mergeOrder: MergeOrder } & ErrorBody>(shared.env.arbor, `/api/plans/${planId}/merge-order`);

describe("merge order of a plan", () => {
  it("orders a three-level plan, names conflicts with the base and between siblings, and tells the prompt", async () => {
    const { mainPath, root } = shared.repo;
    const worktree = (slug: string) => path.join(root, `mo-${slug}`);
    // api → auth → login, and ui next to auth; docs is planned only.
    await addWorktree({ mainPath, path: worktree("api"), branch: "feat/api" });
    await commit(worktree("api"), { "api.txt": "api\n" }, "api");
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/auth", "feat/api"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", worktree("auth"), "feat/auth"] });
    await commit(worktree("auth"), { "shared.txt": "auth side\n", "a.txt": "auth changes a\n" }, "auth");
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/ui", "feat/api"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", worktree("ui"), "feat/ui"] });
    await commit(worktree("ui"), { "shared.txt": "ui side\n" }, "ui");
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/login", "feat/auth"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", worktree("login"), "feat/login"] });
    await commit(worktree("login"), { "login.txt": "login\n" }, "login");
    await commit(mainPath, { "a.txt": "main changes a\n" }, "main moves on");

    const planId = await createPlan(shared.repo.repoId, {
      nodes: [node("login"), node("api"), node("ui"), node("auth"), { ...node("docs"), status: "planned" }],
      edges: [
        { parent: "api", child: "auth" },
        { parent: "auth", child: "login" },
        { parent: "api", child: "ui" },
        { parent: "api", child: "docs" },
      ],
    });
    const response = await mergeOrder(planId);
    expect(response.status).toBe(200);
    const order = response.body.mergeOrder;
    expect(order.base).toBe("main");
    expect(order.entries.map((entry) => [entry.branch, entry.step, entry.state, entry.depth])).toEqual([
      ["feat/api", 1, "ready", 0],
      ["feat/ui", 2, "waiting", 1],
      ["feat/auth", 3, "waiting", 1],
      ["feat/login", 4, "waiting", 2],
      ["feat/docs", null, "not_created", 1],
    ]);
    const byBranch = new Map(order.entries.map((entry) => [entry.branch, entry]));
    expect(byBranch.get("feat/api")).toMatchObject({ ahead: 1, behind: 1, baseConflicts: [], siblingRisks: [] });
    expect(byBranch.get("feat/auth")).toMatchObject({
      ahead: 2,
      landsAfter: ["feat/api"],
      baseConflicts: ["a.txt"],
      siblingRisks: [{ branch: "feat/ui", sharedFiles: ["shared.txt"], conflictingFiles: ["shared.txt"] }],
    });
    // login's own changes merge cleanly; a.txt is its parent's risk.
    expect(byBranch.get("feat/login")).toMatchObject({
      landsAfter: ["feat/api", "feat/auth"],
      baseConflicts: [],
      siblingRisks: [],
    });
    expect(order.warnings).toEqual([]);

    // The prompt of auth's worktree carries its place, what lands first and its risks.
    const sessionId = await openSession(shared.env.arbor, {
      repoId: shared.repo.repoId,
      worktreePath: worktree("auth"),
    });
    await callApi(shared.env.arbor, "/api/chat/sessions/plan", { body: { sessionId, planId } });
    const sent = await sendChat(shared.env.arbor, { sessionId, userMessage: "[[mock:text ok]]" });
    const prompt = lastUserText(
      shared.env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === sent.body.run.claudeSessionId)!,
    )!;
    const planSection = prompt.slice(prompt.indexOf("# 3. Plan"), prompt.indexOf("# 4. Memory"));
    expect(planSection).toContain("Merge order: `feat/auth` is step 3 of 4 to land on `main`.");
    expect(planSection).toContain("Must land before it: `feat/api`.");
    expect(planSection).toContain("Would conflict with `main` in: `a.txt`.");
    expect(planSection).toContain("Would conflict with sibling `feat/ui` in: `shared.txt`.");

    // Landing auth (with api inside it) before api itself is flagged; api then has nothing left to land.
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "-X", "theirs", "--no-edit", "feat/auth"] });
    const after = (await mergeOrder(planId)).body.mergeOrder;
    expect(after.entries.map((entry) => [entry.branch, entry.state, entry.step])).toEqual([
      ["feat/api", "landed", null],
      ["feat/ui", "ready", 1],
      ["feat/auth", "landed", null],
      ["feat/login", "ready", 2],
      ["feat/docs", "not_created", null],
    ]);
    // api landed too (through auth), so no child-before-parent here; squash-land ui instead and delete nothing.
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--squash", "-X", "theirs", "feat/ui"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Squash ui"] });
    const squashed = (await mergeOrder(planId)).body.mergeOrder;
    expect(squashed.entries.find((entry) => entry.branch === "feat/ui")!.state).toBe("landed");
  });

  it("warns when a child landed before its parent and when a branch is far behind", async () => {
    const { mainPath, root } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/p1"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", path.join(root, "p1"), "feat/p1"] });
    await commit(path.join(root, "p1"), { "p1.txt": "p1\n" }, "p1");
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/c1", "main"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", path.join(root, "c1"), "feat/c1"] });
    await commit(path.join(root, "c1"), { "c1.txt": "c1\n" }, "c1");
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--no-edit", "feat/c1"] });
    for (let index = 0; index < 50; index += 1)
      await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "--allow-empty", "-m", `main ${index}`] });
    const planId = await createPlan(shared.repo.repoId, {
      nodes: [node("p1"), node("c1")],
      edges: [{ parent: "p1", child: "c1" }],
    });
    const order = (await mergeOrder(planId)).body.mergeOrder;
    expect(order.warnings.map((warning) => [warning.code, warning.branch])).toEqual([
      ["far_behind", "feat/p1"],
      ["child_landed_before_parent", "feat/c1"],
    ]);
    expect(order.entries.find((entry) => entry.branch === "feat/p1")!.behind).toBeGreaterThanOrEqual(50);
  });

  it("shows a branch just made from the base as having no commits yet, not as landed; a fast-forwarded one as landed", async () => {
    const { mainPath, root } = shared.repo;
    // fresh0 is made and left alone; its child fresh1 has work; ff0 gets a commit and is fast-forwarded into main.
    await addWorktree({ mainPath, path: path.join(root, "ff0"), branch: "feat/ff0" });
    await commit(path.join(root, "ff0"), { "ff0.txt": "ff0\n" }, "ff0");
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--ff-only", "feat/ff0"] });
    await addWorktree({ mainPath, path: path.join(root, "fresh0"), branch: "feat/fresh0" });
    await addWorktree({ mainPath, path: path.join(root, "fresh1"), branch: "feat/fresh1" });
    await commit(path.join(root, "fresh1"), { "fresh1.txt": "fresh1\n" }, "fresh1");
    const planId = await createPlan(shared.repo.repoId, {
      nodes: [node("ff0"), node("fresh0"), node("fresh1")],
      edges: [{ parent: "fresh0", child: "fresh1" }],
    });
    const order = (await mergeOrder(planId)).body.mergeOrder;
    expect(order.entries.map((entry) => [entry.branch, entry.state, entry.step])).toEqual([
      ["feat/ff0", "landed", null],
      ["feat/fresh0", "no_commits", 1],
      ["feat/fresh1", "waiting", 2],
    ]);
    expect(order.warnings).toEqual([]);
  });

  it("still counts a squash-landed branch as landed after the base changed its files again", async () => {
    const { mainPath, root } = shared.repo;
    await addWorktree({ mainPath, path: path.join(root, "sq"), branch: "feat/sq" });
    await commit(path.join(root, "sq"), { "sq.txt": "first\n" }, "sq 1");
    await commit(path.join(root, "sq"), { "sq.txt": "second\n", "sq2.txt": "two\n" }, "sq 2");
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--squash", "feat/sq"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Squash sq"] });
    await commit(mainPath, { "sq.txt": "follow-up on main\n" }, "main changes sq.txt again");
    // Its sibling changed the same file on its own: not landed, and conflicting.
    await addWorktree({ mainPath, path: path.join(root, "sq-other"), branch: "feat/sq-other" });
    await runFixtureGit({ cwd: path.join(root, "sq-other"), args: ["reset", "-q", "--hard", "HEAD~2"] });
    await commit(path.join(root, "sq-other"), { "sq.txt": "other\n" }, "other");
    const planId = await createPlan(shared.repo.repoId, { nodes: [node("sq"), node("sq-other")], edges: [] });
    const order = (await mergeOrder(planId)).body.mergeOrder;
    expect(order.entries.map((entry) => [entry.branch, entry.state, entry.step])).toEqual([
      ["feat/sq", "landed", null],
      ["feat/sq-other", "ready", 1],
    ]);
  });

  it("merges at most MAX_SIBLING_MERGES sibling pairs for one order and marks the rest not checked", async () => {
    const { mainPath, root } = shared.repo;
    // 21 siblings that each write CHANGELOG.md their own way: 210 pairs that would all need a merge.
    const scratch = path.join(root, "many-siblings");
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", "--detach", scratch, "main"] });
    const slugs = Array.from({ length: 21 }, (_, index) => `sib${index}`);
    for (const slug of slugs) {
      await runFixtureGit({ cwd: scratch, args: ["switch", "-q", "-c", `feat/${slug}`, "main"] });
      await commit(scratch, { "CHANGELOG.md": `${slug}\n` }, slug);
    }
    const planId = await createPlan(shared.repo.repoId, { nodes: slugs.map(node), edges: [] });
    const order = (await mergeOrder(planId)).body.mergeOrder;
    const risks = order.entries.flatMap((entry) => entry.siblingRisks);
    expect(risks).toHaveLength(21 * 20);
    expect(risks.filter((risk) => risk.isChecked && risk.conflictingFiles[0] === "CHANGELOG.md")).toHaveLength(
      2 * MAX_SIBLING_MERGES,
    );
    expect(risks.filter((risk) => !risk.isChecked)).toHaveLength(2 * (210 - MAX_SIBLING_MERGES));
    expect(risks.find((risk) => !risk.isChecked)).toMatchObject({
      sharedFiles: ["CHANGELOG.md"],
      conflictingFiles: [],
    });
  });

  it("runs no merge driver of an untrusted repository: a file that needs one counts as conflicting", async () => {
    const { mainPath, root } = shared.repo;
    const marker = path.join(root, "merge-order-driver-ran");
    await runFixtureGit({ cwd: mainPath, args: ["config", "merge.evil.driver", `touch ${marker}; cp %B %A`] });
    await commit(mainPath, { ".gitattributes": "*.cfg merge=evil\n", "y.cfg": "base\n" }, "Add y.cfg");
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/cfg"] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", path.join(root, "cfg"), "feat/cfg"] });
    await commit(path.join(root, "cfg"), { "y.cfg": "branch\n" }, "Branch side");
    await commit(mainPath, { "y.cfg": "main\n" }, "Main side");
    const planId = await createPlan(shared.repo.repoId, { nodes: [node("cfg")], edges: [] });
    const order = (await mergeOrder(planId)).body.mergeOrder;
    expect(order.entries[0]).toMatchObject({ branch: "feat/cfg", baseConflicts: ["y.cfg"] });
    expect(existsSync(marker)).toBe(false);
    await runFixtureGit({ cwd: mainPath, args: ["config", "--unset", "merge.evil.driver"] });
  });

  it("lands on the main worktree's branch when there is no main, master or origin/HEAD, and says so when there is none", async () => {
    const other = await createPinnedRepo(() => shared.env.arbor);
    try {
      const { mainPath, root } = other;
      await runFixtureGit({ cwd: mainPath, args: ["branch", "-m", "main", "trunk"] });
      await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/t1"] });
      await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", path.join(root, "t1"), "feat/t1"] });
      await commit(path.join(root, "t1"), { "a.txt": "t1 changes a\n" }, "t1");
      await commit(mainPath, { "a.txt": "trunk changes a\n" }, "trunk moves on");
      const planId = await createPlan(other.repoId, { nodes: [node("t1")], edges: [] });
      const order = (await mergeOrder(planId)).body.mergeOrder;
      expect(order.base).toBe("trunk");
      expect(order.entries[0]).toMatchObject({ branch: "feat/t1", behind: 1, baseConflicts: ["a.txt"] });

      await runFixtureGit({ cwd: mainPath, args: ["switch", "-q", "--detach"] });
      const none = await mergeOrder(planId);
      expect(none.status).toBe(412);
      expect(none.body.error.message).toContain("The repository has no default branch");
    } finally {
      await other.remove();
    }
  });

  it("answers a bad plan id, an unknown plan and a repository whose folder is gone with clear errors", async () => {
    const bad = await mergeOrder("not-a-plan");
    expect(bad.status).toBe(422);
    const unknown = await mergeOrder("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/plan/i);

    const other = await createPinnedRepo(() => shared.env.arbor);
    const planId = await createPlan(other.repoId, { nodes: [node("x")], edges: [] });
    await other.remove();
    const gone = await mergeOrder(planId);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(
      `The repository directory ${other.mainPath} no longer exists. Restore it, or remove the pin and pin its new location.`,
    );
  });
});
