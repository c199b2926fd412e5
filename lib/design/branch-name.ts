/**
 * Why a name cannot be a git branch (the rules of `git check-ref-format --branch`), or null when
 * it can. Pure, so a naming rule is checked without running git.
 */
export function explainInvalidBranchName(name: string): string | null {
  if (name === "") return "it is empty";
  if (name.startsWith("-")) return 'it starts with "-"';
  if (name === "@" || name === "HEAD") return `"${name}" is reserved by git`;
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
