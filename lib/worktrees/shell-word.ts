/**
 * A word as a POSIX shell reads it back unchanged, for the git commands Arbor shows the user or
 * Claude to run (`git push origin 'feat/$x'`): plain when it holds only characters no shell
 * treats specially, else in single quotes (a quote inside closed, escaped and reopened). Pure.
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
