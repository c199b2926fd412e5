const EDIT_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);

/** How to let Claude use a tool it was refused: what to put in Settings, then retry. */
export function describeDenialFix(toolName: string): string {
  if (EDIT_TOOLS.has(toolName)) {
    return `To allow it, add ${toolName} to Settings → Allowed tools, or set the permission mode to acceptEdits (file edits without asking), then retry.`;
  }
  if (toolName === "Bash") {
    return "To allow it, add Bash to Settings → Allowed tools (or a narrower rule such as Bash(npm test)), then retry.";
  }
  return `To allow it, add ${toolName} to Settings → Allowed tools, then retry.`;
}
