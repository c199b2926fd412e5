import { nameFiles } from "@/lib/worktrees/name-files.ts";
import type { CommandOutcome, CopyOutcome } from "@/lib/worktrees/worktree-types.ts";

/** How much of the setup command's output opens each check's output (its end: where errors are). */
export const SETUP_OUTPUT_SHOWN_CHARS = 4000;

/** The worktree whose dependencies a scratch checkout was given, and which one of the land's it is. */
export interface DependencySource {
  path: string;
  role: "branch" | "base";
}

/** What was done to a scratch checkout before its checks ran. */
export interface GateSetupOutcome {
  source: DependencySource | null;
  /** Manifests and lockfiles the merge changes relative to the source. */
  changedManifests: string[];
  linked: string[];
  linkProblems: string[];
  copies: CopyOutcome[];
  /** The setup command, when it ran instead of linking. */
  installed: CommandOutcome | null;
}

/**
 * The lines that open each check's output, saying where its dependencies came from (and that they
 * may be stale when the merge changes a lockfile and no setup command is configured), how the setup
 * command went when it ran instead (with the end of its output), and what could not be copied or linked; "" when there is
 * nothing to say (no dependency folder anywhere, every setup file copied). Pure.
 */
export function describeGateSetup(outcome: GateSetupOutcome): string {
  const { source, changedManifests, installed } = outcome;
  const lines: string[] = [];
  const from = source ? `the ${source.role}'s worktree (${source.path})` : "";
  const changed = nameFiles({ files: changedManifests });
  if (installed) {
    const how =
      installed.status === "succeeded" ? `ran here instead and succeeded.` : `ran here instead. ${installed.message}`;
    lines.push(
      `Arbor: the merge changes ${changed} relative to ${from}, so its dependencies were not linked: the setup command (${installed.command}) ${how}`,
    );
    const output = installed.output.trimEnd();
    if (output !== "")
      lines.push(`Arbor: the setup command's output ends with:\n${output.slice(-SETUP_OUTPUT_SHOWN_CHARS)}`);
  } else if (outcome.linked.length > 0) {
    lines.push(`Arbor: dependencies linked from ${from}: ${nameFiles({ files: outcome.linked })}.`);
    if (changedManifests.length > 0)
      lines.push(
        `Arbor: the merge changes ${changed} relative to that worktree, so these dependencies may be stale, and a failure below may come from them. A setup command ("Setup for new worktrees" in the New worktree dialog, such as npm ci) would install them here instead.`,
      );
  }
  for (const problem of outcome.linkProblems) lines.push(`Arbor: ${problem}.`);
  for (const copy of outcome.copies)
    if (copy.status !== "copied") lines.push(`Arbor: the setup file ${copy.path} was not copied: ${copy.reason}.`);
  return lines.length === 0 ? "" : `${lines.join("\n")}\n\n`;
}
