import type { DesignTree } from "@/lib/design/types.ts";
import { suggestSlug } from "@/lib/design/slug.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { ghEnv } from "@/lib/process-host/gh-env.ts";
import { ProcessFailure, runProcess } from "@/lib/process-host/run-process.ts";
import type { GithubAvailability } from "./plan-types.ts";

/** Runs `gh <args>` in `cwd` through the process host; resolves with its stdout. */
async function gh(args: string[], input: { cwd: string; timeoutMs?: number }): Promise<string> {
  const result = await runProcess({
    bin: "gh",
    args,
    cwd: input.cwd,
    env: ghEnv(),
    timeoutMs: input.timeoutMs ?? 30_000,
  });
  if (result.isTruncated)
    throw new AppError(
      "unavailable",
      "gh answered with more than Arbor reads (8 MiB), so its answer cannot be used whole. Narrow what is asked (fewer issues), then try again.",
    );
  return result.stdout;
}

/** Wizard option B is offered only when the `gh` CLI is installed and logged in; otherwise says why. */
export async function checkGithubCli(input: { cwd: string }): Promise<GithubAvailability> {
  try {
    await gh(["--version"], { cwd: input.cwd, timeoutMs: 5000 });
  } catch (error) {
    if (error instanceof ProcessFailure && error.code === "ENOENT") {
      return {
        isAvailable: false,
        reason:
          "The GitHub CLI (gh) is not installed. Install it (https://cli.github.com), run `gh auth login`, then reload.",
      };
    }
    return { isAvailable: false, reason: `gh --version failed: ${(error as Error).message}` };
  }
  try {
    await gh(["auth", "status"], { cwd: input.cwd, timeoutMs: 10_000 });
  } catch {
    return { isAvailable: false, reason: "The GitHub CLI is not logged in. Run `gh auth login`, then reload." };
  }
  return { isAvailable: true };
}

/** Lists a GitHub issue's sub-issues as design nodes (one level: children of one root node). */
export async function treeFromGithubIssue(input: { cwd: string; issueNumber: number }): Promise<DesignTree> {
  const availability = await checkGithubCli(input);
  if (!availability.isAvailable) throw new AppError("unavailable", availability.reason);
  const repo = JSON.parse(await gh(["repo", "view", "--json", "nameWithOwner"], input)) as { nameWithOwner: string };
  const issue = JSON.parse(await gh(["issue", "view", String(input.issueNumber), "--json", "title"], input)) as {
    title: string;
  };
  const subIssues = JSON.parse(
    await gh(["api", `repos/${repo.nameWithOwner}/issues/${input.issueNumber}/sub_issues`], input),
  ) as Array<{ title: string; body?: string | null; state: string }>;
  const rootSlug = suggestSlug(issue.title);
  const nodes: DesignTree["nodes"] = [
    { slug: rootSlug, title: issue.title, description: `GitHub issue #${input.issueNumber}`, status: "planned" },
  ];
  const edges: DesignTree["edges"] = [];
  const used = new Set([rootSlug]);
  for (const sub of subIssues) {
    let slug = suggestSlug(sub.title);
    for (let suffix = 2; used.has(slug); suffix += 1) slug = `${suggestSlug(sub.title).slice(0, 55)}-${suffix}`;
    used.add(slug);
    nodes.push({
      slug,
      title: sub.title,
      description: sub.body?.slice(0, 500) ?? null,
      status: sub.state === "closed" ? "done" : "planned",
    });
    edges.push({ parent: rootSlug, child: slug });
  }
  return { nodes, edges };
}
