import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageTitle, sniffEngine, squash } from '../src/adapters/common/page-helpers.js';
import { parseRobots } from '../src/adapters/http/robots.js';
import { editedDate } from '../src/adapters/phpbb/parse-page.js';
import { phpbbDialect } from '../src/adapters/phpbb/sink.js';
import { vbulletinDialect } from '../src/adapters/vbulletin/sink.js';
import { xenforoDialect } from '../src/adapters/xenforo/sink.js';
import { xenforoThreadUrl } from '../src/adapters/xenforo/urls.js';
import { textOf } from '../src/app/demo/reddit-things.js';
import { gameSlug } from '../src/app/serve-desk.js';
import { readRoster, splitAtSeparators, tidy } from '../src/cli/init/opening-post.js';
import { platformOf } from '../src/cli/init-command.js';
import type { DraftRecord } from '../src/domain/draft.js';
import { replaceTags } from '../src/domain/tags.js';
import { splitGuess } from '../src/machine/rulesets/defcon/night-actions.js';
import { parseRequestList, parseRoleChoice, trailingBrackets } from '../src/machine/rulesets/defcon/roles.js';
import { brokenQuoteLines } from '../src/parser/broken-quote.js';
import type { Scan } from '../src/parser/html-scan.js';
import { radarResult } from '../src/reporter/defcon/night-pms.js';
import { bbcodeToHtml, markdownToHtml, nextBbTag, withoutBbTags } from '../src/web/markup-to-html.js';
import { linkTexts, title } from '../src/web/pages/drafts-page.js';

// Issue 14 item 1: each super-linear pattern that was rewritten gives what the old one gave (the old one is kept
// here as the reference, checked on many short inputs of the characters it is sensitive to), and a hostile input
// of the shape that made the old one quadratic is read, with the result it should give.

/** Strings of up to `max` pieces drawn from `pieces`. */
const made = (pieces: string[], max = 14) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: max }).map((a) => a.join(''));
const same = <T>(arb: fc.Arbitrary<T>, check: (v: T) => unknown) =>
  fc.assert(
    fc.property(arb, (v) => {
      check(v);
    }),
    { numRuns: 3000 },
  );
const N = 50_000;

describe('one-pass rewrites give what the old patterns gave', () => {
  it('replaceTags is `/<[^>]*>/g` (and `/<[^>]+>/g`)', () => {
    same(made(['<', '>', 'a', ' ', '<b>', '<>']), (s) => {
      expect(replaceTags(s, '_')).toBe(s.replace(/<[^>]*>/g, '_'));
      expect(replaceTags(s, '_', true)).toBe(s.replace(/<[^>]+>/g, '_'));
      expect(replaceTags(s, ' ').replace(/&nbsp;|&#160;/g, ' ')).toBe(s.replace(/<[^>]*>|&nbsp;|&#160;/g, ' '));
    });
    same(made(['<', '>', '&nbsp;', '&nb', 'sp;', '&#160;', 'x']), (s) =>
      expect(replaceTags(s, ' ').replace(/&nbsp;|&#160;/g, ' ')).toBe(s.replace(/<[^>]*>|&nbsp;|&#160;/g, ' ')),
    );
  });

  it("the boards' error boxes read as the old patterns read them", () => {
    const oldPhpbb = (b: string) => {
      const m = /<(?:p|div) class="error">([\s\S]*?)<\/(?:p|div)>/.exec(b);
      return m ? m[1]!.replace(/<[^>]*>/g, '').trim() || null : null;
    };
    const oldVb = (b: string) => {
      const m = /<div class="blockrow (?:restore|error)"[^>]*>([\s\S]*?)<\/div>/.exec(b);
      return m
        ? m[1]!
            .replace(/<[^>]*>/g, '')
            .replace(/\s+/g, ' ')
            .trim() || null
        : null;
    };
    const oldXf = (b: string) => {
      const m = /<div class="blockMessage blockMessage--error[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(b);
      return m ? m[1]!.replace(/<[^>]*>/g, '').trim() || null : null;
    };
    const parts = ['<p class="error">', '<div class="error">', '</p>', '</div>', '<div class="blockrow error"'];
    parts.push('<div class="blockMessage blockMessage--error', ' x"', '"', '>', '<', 'no ', ' ', '<i>');
    same(made(parts), (b) => {
      expect(phpbbDialect.refusal(b)).toBe(oldPhpbb(b));
      expect(vbulletinDialect.refusal(b)).toBe(oldVb(b));
      expect(xenforoDialect.refusal(b)).toBe(oldXf(b));
    });
  });

  it('the page sniffer and the page title read as the old patterns read them', () => {
    const marks: [RegExp, string][] = [
      [/<html[^>]*\bid="XenForo"/i, 'XenForo 1'],
      [/<html[^>]*\bdata-app="public"[^>]*data-template=|data-xf-init=/i, 'XenForo 2'],
      [/<body[^>]*\bid="phpbb"/i, 'phpBB'],
    ];
    const oldSniff = (h: string) => marks.find(([re]) => re.test(h))?.[1] ?? null;
    const parts = ['<html', '<body', ' ', 'x', 'id="XenForo"', 'id="phpbb"', 'data-app="public"', 'data-template='];
    parts.push('>', '<', 'data-xf-init=', 'ID="PHPBB"');
    same(made(parts), (h) => expect(sniffEngine(h)).toBe(oldSniff(h)));
    same(made(['<title', '<TITLE', '>', '<', '</title>', '</TiTlE>', 'a', ' x="1"']), (h) =>
      expect(pageTitle(h)).toBe(/<title[^>]*>([^<]*)<\/title>/i.exec(h)?.[1]),
    );
  });

  it("phpBB's edit notice, post total and vBulletin's edit notes read as before", () => {
    const parts = [
      'Last edited by ',
      'last EDITED by ',
      'bob',
      ' on ',
      ' ON ',
      'Mon 1, 2024',
      ', edited 2 times in total',
    ];
    parts.push(', edited 1 time in total', ', edited x times in total', ',');
    same(made(parts), (raw) => {
      const n = squash(raw);
      expect(editedDate(n)).toBe(/Last edited by .*? on (.+?), edited \d+ times? in total/i.exec(n)?.[1]);
    });
    same(made(['1', ',', '.', ' ', 'posts', 'post', 'x', '\n']), (s) =>
      expect(/(?<![\d,.])[,.]*(\d[\d,.]*)\s+posts?\b/i.exec(s)?.[1]).toBe(/(\d[\d,.]*)\s+posts?\b/i.exec(s)?.[1]),
    );
    same(made([';', ' ', '.', 'x', '\t', 'Today']), (raw) => {
      const n = squash(raw);
      expect(/^[^;]*;\s*(\S.*?)\.?$/.exec(n)?.[1]).toBe(/;\s*(.+?)\.?$/.exec(n)?.[1]);
      expect(/^[^;]*;\s*(\S.*)$/.exec(n)?.[1]).toBe(/;\s*(.+)$/.exec(n)?.[1]);
    });
  });

  it('robots.txt lines and rule patterns read as before', () => {
    const lines = made(['#', 'a', 'Allow', ':', ' ', '\u2028', '-', 'x#y']);
    same(lines, (line) => {
      expect(line.replace(/(?<![^\u2028\u2029])([^#\u2028\u2029]*)#.*$/, '$1')).toBe(line.replace(/#.*$/, ''));
      const t = line.trim();
      const now = /^([A-Za-z-]+)\s*:((?:\s*[\u2028\u2029])?.*)$/.exec(t);
      const old = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(t);
      expect(now && [now[1], now[2]!.trim()]).toEqual(old && [old[1], old[2]!.trim()]);
    });
    const oldRule = (pattern: string) => {
      const anchored = pattern.endsWith('$');
      const body = (anchored ? pattern.slice(0, -1) : pattern)
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${body}${anchored ? '$' : ''}`);
    };
    same(fc.tuple(made(['a', 'b', '/', '*', '$', '.'], 6), made(['a', 'b', '/', '.', '$'], 10)), ([rule, path]) => {
      const pattern = `/${rule}`;
      const robots = parseRobots(`User-agent: *\nDisallow: ${pattern}\n`, 'moddesk');
      expect(robots.isAllowed(`/${path}`)).toBe(!oldRule(pattern).test(`/${path}`));
    });
  });

  it('URL and file-name trims read as before', () => {
    same(made(['&', 'a', '\n', '\u2028', '=']), (q) =>
      expect(q.replace(/(?<![^\n\r\u2028\u2029])([^&\n\r\u2028\u2029]*)&.*$/, '$1')).toBe(q.replace(/&.*$/, '')),
    );
    same(made(['/', '\\', 'a', '.']), (f) =>
      expect(f.replace(/(?<![^/\\])[^/\\]*$/, '')).toBe(f.replace(/[^/\\]*$/, '')),
    );
    same(made(['/', 'a']), (u) => expect(u.replace(/(?<!\/)\/+$/, '')).toBe(u.replace(/\/+$/, '')));
    same(made(['-', 'a', ' ', '!', 'B']), (t) => {
      const old =
        t
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 40) || 'game';
      expect(gameSlug(t)).toBe(old);
    });
    same(made(['/forum/', '/', '1', '-', 'a']), (path) => {
      const url = `https://board.example${path.startsWith('/') ? '' : '/'}${path}`;
      const old = /\/forum\/.+\/\d+-/.test(new URL(url).pathname);
      let now = false;
      try {
        now = platformOf(url) === 'vbulletin';
      } catch {}
      expect(now).toBe(old);
    });
  });

  it('the secrets file line reads as before', () => {
    same(made(['A', '_', '=', ' ', 'x', '\u2028', '"', '1']), (line) => {
      const t = line.trim();
      const now = /^([A-Z][A-Z0-9_]*)\s*=\s*(\S.*)?$/.exec(t);
      const old = /^([A-Z][A-Z0-9_]*)\s*=\s*(.*)$/.exec(t);
      expect(now && [now[1], now[2] ?? '']).toEqual(old && [old[1], old[2]]);
    });
  });

  it("the opening post's heading, separators and name tidying read as before", () => {
    const heading = (re: RegExp) => (s: string) => re.test(s);
    const oldHeading = heading(
      /^\s*(?:spoiler:\s*)?(?:the\s+)?(?:(?:current\s+|starting\s+|final\s+|living\s+|dead\s+)?players?(?:\s+list)?|player\s*list|living(?:\s+players)?|alive(?:\s+players)?|dead(?:\s+players)?|players\s+who\s+(?:survived|died)|roster|participants|signed\s*up)(?:\s+on\s+[DN]\d+)?\s*(?:\(\s*\d+(?:\s*\/\s*\d+)?\s*\))?\s*:?\s*$/i,
    );
    const newHeading = heading(
      /^\s*(?:spoiler:\s*)?(?:the\s+)?(?:(?:current\s+|starting\s+|final\s+|living\s+|dead\s+)?players?(?:\s+list)?|player\s*list|living(?:\s+players)?|alive(?:\s+players)?|dead(?:\s+players)?|players\s+who\s+(?:survived|died)|roster|participants|signed\s*up)(?:\s+on\s+[DN]\d+)?\s*(?:\(\s*\d+(?:\s*\/\s*\d+)?\s*\)\s*)?(?::\s*)?$/i,
    );
    same(made(['players', ' ', ':', '(', ')', '12', '/', ' on D1', 'list', 'x'], 10), (s) =>
      expect(newHeading(s)).toBe(oldHeading(s)),
    );
    same(made([',', '/', ' ', '\t', 'a', 'b']), (s) => expect(splitAtSeparators(s)).toEqual(s.split(/\s*[,/]\s*/)));
    // A marker after trailing white space is cut too (issue 28: `Bob * ` in a roster), so the old pattern ran on trimEnd().
    const oldTidy = (s: string) =>
      s
        .trimEnd()
        .replace(/[*†‡]+$/, '')
        .replace(/^[\s"'“”]+|[\s"'“”.]+$/g, '')
        .trim()
        .replace(/^\/?u\/(?=[\w-]{3,20}$)/, '');
    same(made(['*', '†', ' ', '"', '.', '“', 'a', "'", 'u/', 'bob']), (s) => expect(tidy(s)).toBe(oldTidy(s)));
  });

  it("DEFCON's guesses, role choices and request lists read as before", () => {
    const oldGuess = (argument: string) => {
      const m = /^(.*?)[\s,:;=-]+(town|townie|mafia|maf|scum|sk|serial[\s-]*killer)\s*$/i.exec(argument.trim());
      if (!m?.[1]?.trim()) return null;
      const words: Record<string, string> = { town: 'town', townie: 'town', mafia: 'mafia', maf: 'mafia' };
      Object.assign(words, { scum: 'mafia', sk: 'sk', serialkiller: 'sk' });
      const faction = words[(m[2] ?? '').toLowerCase().replace(/[\s-]/g, '')];
      return faction ? { player: m[1].trim(), faction } : null;
    };
    const guessParts = ['Bob', ' ', ',', '-', ':', 'town', 'townie', 'maf', 'ia', 'serial', 'killer', 'sk', '\n'];
    same(made(guessParts, 8), (s) => expect(splitGuess(s)).toEqual(oldGuess(s)));
    same(made(['(', ')', ' ', 'abm', 'Silo'], 10), (raw) => {
      const text = raw.trim();
      const m = /\(\s*([^)]*)\)\s*$/.exec(text);
      expect(trailingBrackets(text)).toEqual(m ? { at: m.index, inner: m[1] } : null);
    });
    same(made([',', ';', '>', '\n', ' ', 'then', 'x', '\t'], 12), (s) =>
      expect(s.split(/[,;>\n]|(?<![^\S\n])\s+then\s+/i)).toEqual(s.split(/[,;>\n]|\s+then\s+/i)),
    );
  });

  it('the radar result reads as before', () => {
    same(made(['targeted ', '; targeted by ', 'A', ', ', '\n'], 6), (r) => {
      const m = /^targeted (.*); targeted by (.*)$/.exec(r);
      expect(radarResult(r)).toEqual(m ? { out: m[1], into: m[2] } : null);
    });
  });

  it('BBCode tags, markdown links and broken quotes are found as before', () => {
    const bbParts = ['[', ']', '[b]', '[/b]', '[url=', 'x', '\n', '=', '[*]', '/', 'B'];
    same(made(bbParts), (s) => {
      const old = [...s.matchAll(/\[(\/?)([a-z*]+)(?:=([^\]\n]*))?\]/gi)].map((m) => [m.index, m[0], m[1], m[2], m[3]]);
      const now: unknown[] = [];
      for (let t = nextBbTag(s, 0); t; t = nextBbTag(s, t.end))
        now.push([t.index, s.slice(t.index, t.end), t.slash, t.name, t.arg]);
      expect(now).toEqual(old);
      const line = s.replace(/\n/g, ' ');
      expect(withoutBbTags(line)).toBe(line.replace(/\[\/?[a-z*]+(=[^\]]*)?\]/gi, ''));
    });
    same(made(['[', ']', '(', ')', 'a', '](']), (s) =>
      expect(linkTexts(s)).toBe(s.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')),
    );
    const oldBroken = (text: string) => {
      const out: number[] = [];
      let open = 0;
      for (const m of text.matchAll(/\[(\/?)quote\b[^\]\n]{0,200}\]/gi)) {
        if (m[1] !== '/') open += 1;
        else if (open > 0) open -= 1;
        else out.push(m.index);
      }
      return out;
    };
    const quoteParts = ['[quote', '[/quote', ']', '[/quote]', '=x', '\n', 'q', 'x'.repeat(150)];
    same(made(quoteParts), (text) => {
      const scan = { text } as Scan;
      const ends = brokenQuoteLines(scan, () => ({ start: 0, end: 0 })).map((s) => s.end);
      expect(ends).toEqual(text.includes('[/') && /\[\/quote\]/i.test(text) ? oldBroken(text) : []);
    });
  });

  it('markup line ends and list items render as before', () => {
    same(made([' ', '\\', 'a', '<br>', '<br']), (l) => {
      expect(l.endsWith('  ') || l.endsWith('\\')).toBe(/( {2,}|\\)$/.test(l));
      expect(l.replace(/(?<! ) +$|\\$/, '')).toBe(l.replace(/( +|\\)$/, ''));
      expect(l.replace(/(?<!<br>)(?:<br>)+$/, '')).toBe(l.replace(/(<br>)+$/, ''));
    });
    const oldTextOf = (h: string) =>
      h
        .replace(/<br\s*\/?>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .trim();
    same(made(['<', '>', '<br>', '<br/>', 'a', '&lt;', '<>']), (h) => expect(textOf(h)).toBe(oldTextOf(h)));
  });
});

describe('hostile input of the shape that was quadratic is read in one pass', () => {
  it('tags and error boxes', () => {
    expect(replaceTags(`${'<'.repeat(N)}x`, '')).toBe(`${'<'.repeat(N)}x`);
    expect(replaceTags(`${'<a'.repeat(N)}>b`, '')).toBe('b');
    expect(textOf(`${'<'.repeat(N)}x`)).toBe(`${'<'.repeat(N)}x`);
    expect(phpbbDialect.refusal(`${'<p class="error">'.repeat(N / 10)}x`)).toBeNull();
    expect(vbulletinDialect.refusal(`${'<div class="blockrow error"'.repeat(N / 10)}`)).toBeNull();
    expect(xenforoDialect.refusal(`${'<div class="blockMessage blockMessage--error"'.repeat(N / 20)}>x`)).toBeNull();
  });

  it('page sniffing, titles and edit notes', () => {
    expect(sniffEngine(`${'<html'.repeat(N / 5)}`)).toBeNull();
    expect(sniffEngine(`${'<body'.repeat(5000)}><body id="phpbb">`)).toBe('phpBB');
    expect(pageTitle(`${'<title'.repeat(N / 5)}>Thread</title>`)).toBe('Thread');
    expect(pageTitle('<title'.repeat(N / 5))).toBeUndefined();
    expect(editedDate(`Last edited by ${' on '.repeat(N / 4)}`)).toBeUndefined();
    expect(editedDate(`Last edited by x on ${'a, edited '.repeat(N / 10)}, edited 2 times in total`)).toBe(
      `${'a, edited '.repeat(N / 10)}`,
    );
    expect(/(?<![\d,.])[,.]*(\d[\d,.]*)\s+posts?\b/i.exec(`${'1'.repeat(N)} x`)).toBeNull();
    expect(/^[^;]*;\s*(\S.*?)\.?$/.exec(`x;${';'.repeat(N)}`)?.[1]).toBe(';'.repeat(N));
  });

  it('robots.txt, URLs, slugs and file names', () => {
    const robots = parseRobots(`User-agent: *\nDisallow: /${'*a'.repeat(2000)}b\nx:${' '.repeat(N)}\u2028y`, 'moddesk');
    expect(robots.isAllowed(`/${'a'.repeat(N)}`)).toBe(true);
    expect(robots.isAllowed(`/${'a'.repeat(N)}b`)).toBe(false);
    const long = xenforoThreadUrl(`https://xf.example/index.php?threads/t.12/${'&'.repeat(N)}`);
    expect(long).toBe('https://xf.example/index.php?threads/t.12/');
    expect(gameSlug(`${'!-'.repeat(N)}a`)).toBe('a');
    expect(() => platformOf(`https://board.example${'/forum/'.repeat(N / 7)}`)).toThrow(/cannot tell/);
  });

  it('markup and drafts', () => {
    expect(bbcodeToHtml('[b='.repeat(N / 3))).toBe('[b&#61;'.repeat(N / 3));
    expect(bbcodeToHtml(`[list][*]x${'\n'.repeat(N)}[/list]`)).toBe('<ul><li>x</li></ul>');
    expect(markdownToHtml(`x${' '.repeat(N)}y\nz`)).toBe(`<p>x${' '.repeat(N)}y z</p>`);
    const draft = (text: string) => ({ text, kind: 'vote-count', to: null }) as unknown as DraftRecord;
    expect(title(draft(`${'['.repeat(N)}(x`))).toContain('[[[');
    expect(withoutBbTags(`${'[url='.repeat(N / 5)}x`)).toBe(`${'[url='.repeat(N / 5)}x`);
  });

  it('rosters, requests, guesses, radar results and broken quotes', () => {
    expect(readRoster(`<p>players${' '.repeat(N)}x</p>`)).toEqual([]);
    expect(tidy(`${' '.repeat(N)}x${'*'.repeat(N)}`)).toBe('x');
    expect(splitAtSeparators(`a${' '.repeat(N)}x`)).toEqual([`a${' '.repeat(N)}x`]);
    expect(splitGuess(`${','.repeat(N)}x`)).toBeNull();
    expect(splitGuess(`Bob${' -'.repeat(N / 2)} mafia`)).toEqual({ player: 'Bob', faction: 'mafia' });
    expect(parseRoleChoice(`${'('.repeat(N)})`)).toBeNull();
    expect(parseRequestList(`${' '.repeat(N)}x`)).toEqual({ choices: [], unknown: ['x'] });
    expect(radarResult(`targeted ${'; targeted by '.repeat(N / 14)}`)?.into).toBe('');
    const text = `${'[quote'.repeat(N / 6)}\n[/quote]`;
    expect(brokenQuoteLines({ text } as Scan, () => ({ start: 0, end: 0 })).map((s) => s.end)).toEqual([
      text.length - 8,
    ]);
  });
});
