/** Joins class names, leaving out empty ones (no merging: callers add classes the base does not set). */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
