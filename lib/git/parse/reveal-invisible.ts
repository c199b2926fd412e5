/** A stretch of a name: as written, or one invisible formatting character written out. */
export type NamePart = { text: string; isHidden: boolean };

const INVISIBLE = /\p{Cf}/gu;

const writeOut = (character: string): string =>
  `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`;

/**
 * The name with every invisible formatting character written out (`feat/[U+202E]evil[U+202C]-name`):
 * text-direction overrides and zero-width characters make a name look like another ("feat/live-name"),
 * so wherever a user reads a name git already has, it is shown with them visible. Other text is unchanged. Pure.
 */
export function revealInvisible(name: string): string {
  return name.replace(INVISIBLE, writeOut);
}

/** The same, in parts, so a view can mark the written-out characters. Pure. */
export function revealInvisibleParts(name: string): NamePart[] {
  const parts: NamePart[] = [];
  let from = 0;
  for (const match of name.matchAll(INVISIBLE)) {
    if (match.index > from) parts.push({ text: name.slice(from, match.index), isHidden: false });
    parts.push({ text: writeOut(match[0]), isHidden: true });
    from = match.index + match[0].length;
  }
  if (from < name.length) parts.push({ text: name.slice(from), isHidden: false });
  return parts;
}
