/**
 * The name with every invisible formatting character written out (`feat/[U+202E]evil[U+202C]-name`):
 * text-direction overrides and zero-width characters make a name look like another ("feat/live-name"),
 * so wherever a user reads a name git already has, it is shown with them visible. Other text is unchanged. Pure.
 */
export function revealInvisible(name: string): string {
  return name.replace(
    /\p{Cf}/gu,
    (character) => `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`,
  );
}
