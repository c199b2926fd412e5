import { AppError } from "@/lib/errors/app-error.ts";
import { parseConfigList, REPOSITORY_SCOPES, splitConfigKey } from "@/lib/git/safety/parse-config-list.ts";
import { readRepositoryConfigNames } from "@/lib/git/safety/local-git-config.ts";
import { runGit } from "./run-git.ts";

/** The merge driver names, asked of git directly (its error reported) when the cached read could not list them. */
async function listMergeDrivers(repoRoot: string): Promise<string[]> {
  const output = await runGit({ cwd: repoRoot, args: ["config", "--list", "--show-scope", "--show-origin", "-z"] });
  const names: string[] = [];
  for (const entry of parseConfigList(output)) {
    if (!REPOSITORY_SCOPES.has(entry.scope)) continue;
    const { section, subsection, name } = splitConfigKey(entry.key);
    if (section === "merge" && subsection !== null && name === "driver") names.push(subsection);
  }
  return names;
}

/**
 * `merge.<name>.driver=false` for every merge driver the repository's own config defines: passed
 * as `-c` options to a merge (`git merge-tree`, `git merge`) in a repository the user has not
 * trusted, a file that needs such a driver counts as conflicting and no program of the repository runs.
 */
export async function neutralMergeDrivers(repoRoot: string): Promise<string[]> {
  const names = (await readRepositoryConfigNames(repoRoot)).mergeDriverNames ?? (await listMergeDrivers(repoRoot));
  const drivers: string[] = [];
  for (const subsection of names) {
    if (/[=\0\n]/.test(subsection))
      throw new AppError(
        "precondition_failed",
        `The repository's config defines a merge driver named ${JSON.stringify(subsection)}, which Arbor cannot switch off; trust the repository or remove that driver, then check again.`,
      );
    drivers.push(`merge.${subsection}.driver=false`);
  }
  return drivers;
}
