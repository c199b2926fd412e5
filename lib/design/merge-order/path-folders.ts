/** The folders a path is in, outermost first (`a/b/c` → `a`, `a/b`). */
export function foldersOf(file: string): string[] {
  const folders: string[] = [];
  for (let at = file.indexOf("/"); at > 0; at = file.indexOf("/", at + 1)) folders.push(file.slice(0, at));
  return folders;
}
