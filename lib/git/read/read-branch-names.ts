import { runGit } from "@/lib/git/run/run-git.ts";

export interface BranchNames {
  /** Local branches by short name, with their upstream's short name ("" when none). */
  local: Map<string, string>;
  /** Remote-tracking branches (`origin/main`), without the `<remote>/HEAD` pointers. */
  remote: string[];
  /** The branch `origin/HEAD` points at (short local name), or null. */
  originHead: string | null;
}

const FORMAT = "--format=%(refname)%00%(upstream:short)%00%(symref)";
const ORIGIN_HEAD = "refs/remotes/origin/HEAD";

/** Every local and remote-tracking branch name of the repository, with one `git for-each-ref`. */
export async function readBranchNames(cwd: string): Promise<BranchNames> {
  const output = await runGit({ cwd, args: ["for-each-ref", FORMAT, "refs/heads", "refs/remotes"] });
  return parseBranchNames(output);
}

/** Parses readBranchNames' output: one line per ref, NUL between its fields. Pure. */
export function parseBranchNames(output: string): BranchNames {
  const names: BranchNames = { local: new Map(), remote: [], originHead: null };
  for (const line of output.split("\n")) {
    const [ref = "", upstream = "", symref = ""] = line.split("\0");
    if (ref === ORIGIN_HEAD) {
      names.originHead = symref.startsWith("refs/remotes/origin/") ? symref.slice("refs/remotes/origin/".length) : null;
    } else if (ref.startsWith("refs/heads/")) {
      names.local.set(ref.slice("refs/heads/".length), upstream);
    } else if (ref.startsWith("refs/remotes/") && !ref.endsWith("/HEAD")) {
      names.remote.push(ref.slice("refs/remotes/".length));
    }
  }
  return names;
}
