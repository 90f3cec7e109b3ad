import { describe, expect, test } from 'vitest';
import { parseRetryAfter } from './retry-after.js';
import { parseRobots } from './robots.js';

describe('robots.txt (RFC 9309)', () => {
  const text = `# MafiaScum-like
User-agent: *
Disallow: /posting.php
Disallow: /search.php
Disallow: /memberlist.php
Disallow: /*?sid=
Allow: /viewtopic.php
Crawl-delay: 3

User-agent: BadBot
User-agent: moddesk
Disallow: /private/
Allow: /private/games$
`;

  test('our own group wins over *, and a group may name several agents', () => {
    const rules = parseRobots(text, 'moddesk');
    expect(rules.isAllowed('/private/x')).toBe(false);
    expect(rules.isAllowed('/posting.php')).toBe(true);
    expect(rules.isAllowed('/private/games')).toBe(true);
    expect(rules.isAllowed('/private/games2')).toBe(false);
    expect(rules.crawlDelayMs).toBeNull();
  });

  test('the * group: longest match wins, * wildcards, Crawl-delay', () => {
    const rules = parseRobots(text, 'otherbot');
    expect(rules.isAllowed('/viewtopic.php?t=1')).toBe(true);
    expect(rules.isAllowed('/viewtopic.php?t=1&sid=abc')).toBe(true);
    expect(rules.isAllowed('/index.php?sid=abc')).toBe(false);
    expect(rules.isAllowed('/memberlist.php?mode=viewprofile')).toBe(false);
    expect(rules.crawlDelayMs).toBe(3000);
  });

  test('allow wins a tie; an empty Disallow allows everything', () => {
    expect(parseRobots('User-agent: *\nDisallow: /a\nAllow: /a\n', 'moddesk').isAllowed('/a')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:\n', 'moddesk').isAllowed('/anything')).toBe(true);
  });
});

describe('Retry-After', () => {
  test('seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
