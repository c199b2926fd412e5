import type { ToolCallView } from "@/lib/realtime/chat-views.ts";

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
 * Whether a run may have changed the worktree, so "Changes by this run" and "Restore to before this
 * run" are worth showing under its answer: it called a tool that can write (Bash, an edit, a
 * subagent, any MCP tool). An answer with no tool call, or only reads, gets neither button. Pure.
 */
export function runMayChangeFiles(tools: readonly Pick<ToolCallView, "name">[]): boolean {
  return tools.some((tool) => !READ_ONLY_TOOLS.has(tool.name));
}
