const EDIT_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);

/** How to let Claude use a refused tool from now on: "Allow always" when it asks, the mode, or Settings. */
export function describeDenialFix(toolName: string): string {
  if (EDIT_TOOLS.has(toolName)) {
    return `To stop being asked, choose "Allow always" next time, set this worktree to Accept edits in the chat header, or add ${toolName} to Settings → Allowed tools.`;
  }
  if (toolName === "Bash") {
    return `To stop being asked, choose "Allow always" next time, or add a rule such as Bash(npm test) to Settings → Allowed tools.`;
  }
  return `To stop being asked, choose "Allow always" next time, or add ${toolName} to Settings → Allowed tools.`;
}
