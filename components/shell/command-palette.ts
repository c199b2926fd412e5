/** One thing the command palette can do: what it says, what it adds in grey, and the group it is listed under. */
export interface PaletteCommand {
  id: string;
  label: string;
  detail?: string;
  group: string;
}

/** How well a command matches; lower is better, null is no match. */
function scoreOf(command: PaletteCommand, words: string[]): number | null {
  const label = command.label.toLowerCase();
  const detail = (command.detail ?? "").toLowerCase();
  let worst = 0;
  for (const word of words) {
    const score = label.startsWith(word)
      ? 0
      : label.split(/[\s/._-]+/).some((part) => part.startsWith(word))
        ? 1
        : label.includes(word)
          ? 2
          : detail.includes(word)
            ? 3
            : isSubsequence(word, label)
              ? 4
              : null;
    if (score === null) return null;
    worst = Math.max(worst, score);
  }
  return worst;
}

/** Every letter of `word` appears in `text` in order ("nt" in "new task"). */
function isSubsequence(word: string, text: string): boolean {
  let at = 0;
  for (const letter of word) {
    at = text.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The commands that match what the user typed, best first: each word typed must start the label
 * or one of its words, else appear in the label or the detail, else its letters in order in the
 * label. Equally good matches keep their given order; an empty query lists them all. Pure.
 */
export function matchCommands<T extends PaletteCommand>(commands: readonly T[], query: string, limit = 50): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands.slice(0, limit);
  return commands
    .map((command, index) => ({ command, index, score: scoreOf(command, words) }))
    .filter((entry): entry is { command: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.command);
}

/** The palette's shortcut: Ctrl+K, or ⌘K on a Mac. */
export const isPaletteShortcut = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey;
