/** The text without the spaces and sentence marks that end it (walked back by hand: a `$` pattern is quadratic). */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s.!?;:,]/u.test(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

/** A57: the words just before an empty vote tag, after the line's last sentence break: 1 to 4 words, or null. */
export function nameBeforeTag(before: string): string | null {
  const text = trimEnd(before);
  const lastBreak = Math.max(...[...'.!?;:,'].map((c) => text.lastIndexOf(c)));
  const words = text
    .slice(lastBreak + 1)
    .trim()
    .split(/\s+/u)
    .filter(Boolean);
  return words.length >= 1 && words.length <= 4 ? words.join(' ') : null;
}
