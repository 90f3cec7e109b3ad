/**
 * A string of its own, holding nothing else alive. V8 makes a slice of a string (13 characters or more) a view into
 * it, so a short quote sliced from a long post keeps the whole post in memory for as long as the quote lives (a
 * parse result is kept in the parse cache). Prefixing one character makes a rope that `slice` must first copy out
 * flat: what it returns is a view into that small copy only.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
