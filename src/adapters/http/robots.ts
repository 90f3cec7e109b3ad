/**
 * robots.txt (RFC 9309): the group for our product token, else `*`; the longest matching rule wins and
 * `allow` wins ties; `*` and `$` patterns. `Crawl-delay` is not in the standard but is honoured as a minimum gap.
 */
export interface RobotsRules {
  isAllowed(pathAndQuery: string): boolean;
  crawlDelayMs: number | null;
}

interface Rule {
  allow: boolean;
  pattern: string;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelayMs: number | null;
}

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: null };
export const DISALLOW_ALL: RobotsRules = { isAllowed: () => false, crawlDelayMs: null };

export function parseRobots(text: string, productToken: string): RobotsRules {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    // A comment runs from the first `#` after the line's last U+2028/U+2029 (where `.` in `/#.*$/` stopped).
    const line = rawLine.replace(/(?<![^\u2028\u2029])([^#\u2028\u2029]*)#.*$/, '$1').trim();
    // The value is all after the colon, trimmed; any line end in it lies in its leading spaces, as `\s*(.*)$` wanted.
    const m = /^([A-Za-z-]+)\s*:((?:\s*[\u2028\u2029])?.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelayMs: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      if (value === '') continue;
      current.rules.push({ allow: key === 'allow', pattern: value });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelayMs = seconds * 1000;
    }
  }
  const token = productToken.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const chosen = mine.length > 0 ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelayMs).filter((d): d is number => d !== null);
  return {
    crawlDelayMs: delays.length > 0 ? Math.max(...delays) : null,
    isAllowed(pathAndQuery: string): boolean {
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!globMatches(rule.pattern, pathAndQuery)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow)
        )
          best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

/**
 * A rule's path pattern against a path: a prefix, `*` any run of characters, a final `$` the end. Each literal
 * piece is found at its first place after the previous one (the earliest place leaves the most room for the
 * rest), so a pattern of many `*` costs one pass over the path, where a `^a.*b.*c` regex backtracked.
 */
function globMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0] as string;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = path.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  const last = pieces[pieces.length - 1] as string;
  return anchored ? path.length - last.length >= at && path.endsWith(last) : path.indexOf(last, at) >= 0;
}
