/** What a tool card shows as its one-line subject: the command, the file, the pattern… */
export function describeToolInput(name: string, input: unknown): string {
  const fields = isRecord(input) ? input : {};
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : null);
  switch (name) {
    case "Bash":
      return text("command") ?? "";
    case "Read":
    case "Write":
    case "Edit":
    case "MultiEdit":
      return text("file_path") ?? "";
    case "NotebookEdit":
      return text("notebook_path") ?? "";
    case "Glob":
    case "Grep":
      return [text("pattern"), text("path")].filter(Boolean).join(" in ");
    case "WebFetch":
      return text("url") ?? "";
    case "WebSearch":
      return text("query") ?? "";
    case "Task":
    case "Agent":
      return text("description") ?? "";
    case "TodoWrite":
      return Array.isArray(fields.todos) ? `${fields.todos.length} to-dos` : "";
    default:
      return truncate(JSON.stringify(input) ?? "", 200);
  }
}

/** Whether a tool's output should start collapsed (many lines or a lot of text). */
export function isLongOutput(content: string): boolean {
  return content.length > 1200 || content.split("\n").length > 12;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
