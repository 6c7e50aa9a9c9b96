/**
 * Initials for an avatar: the first letters of the first and last words of a name, upper-cased
 * ("Jane Q. Public" -> "JP", "Cher" -> "C"). Empty names give "?".
 */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter((word) => word.length > 0);
  if (words.length === 0) {
    return "?";
  }
  const first = Array.from(words[0])[0];
  const last = words.length > 1 ? Array.from(words[words.length - 1])[0] : "";
  return (first + last).toLocaleUpperCase();
}

/** A stable colour per name, so the same person always gets the same avatar. */
export function avatarColor(name: string, palette: readonly string[]): string {
  let hash = 0;
  for (const ch of name) {
    hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  }
  return palette[hash % palette.length];
}
