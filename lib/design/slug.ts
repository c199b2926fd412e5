/** Lowercase letters, digits and `-`, 1–60 characters, not starting with `-`. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}$/;

export const SLUG_MAX_LENGTH = 60;

/** The slug suggestSlug falls back to when a title has no ASCII letter or digit at all. */
export const FALLBACK_SLUG = "task";

/** Letters that Unicode decomposition does not fold to ASCII. */
const EXTRA_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

/** True when `slug` is a valid design node slug (see SLUG_PATTERN). */
export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/**
 * Suggests a slug for a node title: ASCII-folded (`Ünïcode Straße` → `unicode-strasse`), lowercase,
 * every run of other characters turned into one `-`, trimmed of `-` at both ends and cut to 60
 * characters. Always valid: a title with nothing to keep gives `task`.
 */
export function suggestSlug(title: string): string {
  const folded = title
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => EXTRA_FOLDS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
  const kebab = folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+/, "");
  const cut = kebab.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "");
  return cut === "" ? FALLBACK_SLUG : cut;
}
