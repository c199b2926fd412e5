/** A glyph per hook event kind, so a column of rows reads at a glance. */
const ICONS: Record<string, string> = {
  SessionStart: "▶",
  SessionEnd: "■",
  UserPromptSubmit: "✎",
  PreToolUse: "⚙",
  PostToolUse: "✓",
  PostToolUseFailure: "✗",
  PermissionRequest: "?",
  PermissionDenied: "⊘",
  Notification: "✉",
  Stop: "◼",
  StopFailure: "!",
  SubagentStart: "↳",
  SubagentStop: "↲",
  PreCompact: "⇣",
  PostCompact: "⇡",
  CwdChanged: "→",
};

export function eventIcon(eventName: string): string {
  return ICONS[eventName] ?? "•";
}

/** The first `max` characters of a text, whitespace collapsed. */
export function excerptText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
