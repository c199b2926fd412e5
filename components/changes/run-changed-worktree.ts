import type { RunView, ToolCallView } from "@/lib/realtime/chat-views.ts";

/** Claude Code's tools that only read, search, plan or ask: a run using only these changed no file. */
const READ_ONLY_TOOLS = new Set([
  "Read",
  "Grep",
  "Glob",
  "LS",
  "NotebookRead",
  "WebFetch",
  "WebSearch",
  "TodoWrite",
  "TodoRead",
  "BashOutput",
  "ExitPlanMode",
  "AskUserQuestion",
  "ListMcpResourcesTool",
  "ReadMcpResourceTool",
]);

/**
 * Whether "Changes by this run" and "Restore to before this run" are worth showing under an
 * answer. The run's checkpoints say it when both were written: its files or HEAD changed, or not
 * (a Bash that only listed files changed nothing). Without them (a run from before Arbor kept
 * them, or a worktree that could not be read) its tools are the guess: any tool that can write
 * (Bash, an edit, a subagent, an MCP tool) may have. Pure.
 */
export function runChangedWorktree(run: {
  changedWorktree: RunView["changedWorktree"];
  tools: readonly Pick<ToolCallView, "name">[];
}): boolean {
  return run.changedWorktree ?? run.tools.some((tool) => !READ_ONLY_TOOLS.has(tool.name));
}
