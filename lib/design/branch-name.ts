/**
 * Why a name cannot be a git branch (the rules of `git check-ref-format --branch`), or null when
 * it can. Pure, so a naming rule is checked without running git.
 */
export function explainInvalidBranchName(name: string): string | null {
  if (name === "") return "it is empty";
  if (name.startsWith("-")) return 'it starts with "-"';
  if (name === "@" || name === "HEAD") return `"${name}" is reserved by git`;
  // FETCH_HEAD, ORIG_HEAD, MERGE_HEAD…: git reads these names as its own files first, so the branch would be shadowed.
  if (/^[A-Z_]+_HEAD$/.test(name))
    return `"${name}" is the name of one of git's own refs, which would shadow the branch`;
  // Zero-width and direction-changing characters make two different names look the same.
  if (/\p{Cf}/u.test(name))
    return "it contains an invisible formatting character (a zero-width space or a text-direction mark?)";
  // A file name has at most 255 bytes, and each part of a branch name is a file name in .git/refs.
  const longPart = name.split("/").find((part) => Buffer.byteLength(part, "utf8") > 240);
  if (longPart !== undefined)
    return `the part "${longPart.slice(0, 20)}…" is longer than 240 bytes, more than a file name may be`;
  // eslint-disable-next-line no-control-regex -- git refuses control characters in ref names; so does this check
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name))
    return "it contains a space, a control character or a character git forbids (~ ^ : ? * [ \\)";
  if (name.includes("..")) return 'it contains ".."';
  if (name.startsWith("refs/")) return 'it starts with "refs/" (give the short name: git would make refs/heads/refs/…)';
  if (name.includes("@{")) return 'it contains "@{"';
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//"))
    return 'it starts or ends with "/" or contains "//"';
  if (name.endsWith(".")) return 'it ends with "."';
  for (const component of name.split("/")) {
    if (component.startsWith(".")) return `the part "${component}" starts with "."`;
    if (component.endsWith(".lock")) return `the part "${component}" ends with ".lock"`;
  }
  return null;
}
