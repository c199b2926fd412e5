/** Classes for a message the user jumped to from a search hit. */
export function focusRingClass(isFocused: boolean): string {
  return isFocused ? "rounded-md ring-2 ring-amber-400 ring-offset-2 ring-offset-white dark:ring-offset-zinc-950" : "";
}
