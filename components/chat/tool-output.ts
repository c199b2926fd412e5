/** Whether a tool's output should start collapsed (many lines or a lot of text). */
export function isLongOutput(content: string): boolean {
  return content.length > 1200 || content.split("\n").length > 12;
}
