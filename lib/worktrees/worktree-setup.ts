/**
 * What a repository does to each worktree Arbor creates for it: files copied from the main
 * worktree (`.env` and other ignored files a checkout lacks) and, for a trusted repository only,
 * one command run in the new worktree. Pure: the New worktree dialog checks the same rules.
 */
export interface WorktreeSetup {
  /** Paths relative to the worktree's top folder, `/`-separated. */
  copyFiles: string[];
  /** argv of the setup command (run without a shell), or empty for none. */
  command: string[];
  timeoutSeconds: number;
}

export const EMPTY_WORKTREE_SETUP: WorktreeSetup = { copyFiles: [], command: [], timeoutSeconds: 300 };
export const SETUP_TIMEOUT_MAX_SECONDS = 3600;
export const SETUP_COPY_MAX_FILES = 50;

/** Why `relativePath` may not be copied into a new worktree, or null when it may. */
export function explainCopyPathProblem(relativePath: string): string | null {
  if (relativePath.trim() === "") return "the path is empty";
  if (relativePath.includes("\0")) return "the path contains a NUL character";
  if (relativePath.startsWith("/") || relativePath.startsWith("~") || /^[A-Za-z]:[\\/]/.test(relativePath))
    return "the path must be relative to the worktree's top folder, not absolute";
  if (relativePath.includes("\\")) return 'use "/" between folders, not "\\"';
  const parts = relativePath.split("/");
  if (parts.includes("..")) return 'the path may not contain ".." (it must stay inside the worktree)';
  // Any case: on a case-insensitive file system .GIT is .git; a nested repository's .git counts too.
  if (parts.some((part) => part.toLowerCase() === ".git")) return "files inside .git cannot be copied";
  if (parts.some((part) => part === "" || part === "."))
    return 'the path has an empty or "." part; write it as dir/file';
  return null;
}

/** A setup command line split into argv, or why it cannot run without a shell. */
export type CommandLineParse = { argv: string[]; problem: null } | { argv: null; problem: string };

/**
 * Splits a command line the way a user types it (`npm ci`, `cp "a b" c`, `it's` in double quotes)
 * into argv: words separated by spaces, single and double quotes group, backslash escapes the next
 * character outside single quotes. Nothing is expanded: the command runs without a shell, so an
 * unquoted pipe, `&&`, `;`, redirection, a `$VAR` or a backtick, and an unclosed quote are
 * refused, with a way out (a script).
 */
export function parseCommandLine(text: string): CommandLineParse {
  const argv: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = null;
      else if (char === "\\" && quote === '"' && /["\\$`]/.test(text[index + 1] ?? "")) word += text[++index]!;
      else if (quote === '"' && (char === "$" || char === "`")) return shellOnly("$VARIABLES and backticks");
      else word += char;
      continue;
    }
    if (/\s/.test(char)) {
      if (word !== null) argv.push(word);
      word = null;
      continue;
    }
    word ??= "";
    if (char === "'" || char === '"') quote = char;
    else if (char === "\\" && index + 1 < text.length) word += text[++index]!;
    else if (char === "$" || char === "`") return shellOnly("$VARIABLES and backticks");
    else if ("|;&<>".includes(char)) return shellOnly(`Pipes, ";", "&&" and redirections (here "${char}")`);
    else word += char;
  }
  if (quote) return { argv: null, problem: `a ${quote === "'" ? "single" : "double"} quote is not closed` };
  if (word !== null) argv.push(word);
  return { argv, problem: null };
}

function shellOnly(what: string): CommandLineParse {
  return {
    argv: null,
    problem: `${what} need a shell, and the setup command runs without one; put the steps in a script in the repository and run that (for example: sh scripts/setup.sh)`,
  };
}

/**
 * The argv shown back in the dialog's text box, quoted so that parseCommandLine gives it back:
 * plain words as they are, words with spaces or quotes in double quotes when that needs no
 * escaping, else in single quotes.
 */
export function formatCommandLine(argv: readonly string[]): string {
  return argv.map(quoteWord).join(" ");
}

function quoteWord(word: string): string {
  if (word !== "" && !/[\s'"\\$`|;&<>]/.test(word)) return word;
  if (!/["\\$`]/.test(word)) return `"${word}"`;
  return `'${word.replace(/'/g, `'"'"'`)}'`;
}
