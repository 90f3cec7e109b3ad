/**
 * `html.replace(/<[^>]*>/g, by)` in one pass (`<[^>]+>` with `nonEmpty`): each tag runs from a `<` to the next
 * `>`. The pattern retried from every later `<` once a `<` had no `>` after it, which is quadratic in a post of
 * unclosed `<`; here the first such `<` ends the search, as no later one can close either.
 */
export function replaceTags(html: string, by: string, nonEmpty = false): string {
  let out = '';
  let done = 0;
  let from = 0;
  for (;;) {
    const open = html.indexOf('<', from);
    if (open < 0) break;
    if (nonEmpty && html[open + 1] === '>') {
      from = open + 1;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close < 0) break;
    out += html.slice(done, open) + by;
    done = close + 1;
    from = done;
  }
  return out + html.slice(done);
}
