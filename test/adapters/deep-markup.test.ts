import { describe, expect, test } from 'vitest';
import { MAX_MARKUP_DEPTH } from '../../src/adapters/common/load-page.js';
import type { PageContext, ParsedPage } from '../../src/adapters/common/paged-forum.js';
import { parsePhpbbPage } from '../../src/adapters/phpbb/parse-page.js';
import { parseVbulletinPage } from '../../src/adapters/vbulletin/parse-page.js';
import { parseXenforoPage } from '../../src/adapters/xenforo/parse-page.js';
import { postVersions } from '../../src/machine/post-versions.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { savedPage } from '../fakes/pages/index.js';

/** issue 14 item 2: a post nested 10,000 elements deep used to overflow cheerio's serializer and lose the page. */
const DEEP = `${'<div>'.repeat(10_000)}deep text${'</div>'.repeat(10_000)}`;
const ctx: PageContext = { pageUrl: 'https://forum.example/t/1', timeZone: 'UTC', now: Date.UTC(2024, 0, 3) };

const cases: Array<[string, string, string, (html: string, ctx: PageContext) => ParsedPage]> = [
  ['phpBB', 'phpbb-mafiascum.html.txt', 'No way.', parsePhpbbPage],
  ['XenForo 2', 'xenforo-2.0.html.txt', "I'm new here.", parseXenforoPage],
  ['vBulletin 4', 'vbulletin4.html.txt', 'Unvote</blockquote>', parseVbulletinPage],
  ['vBulletin 5', 'vbulletin5.html.txt', '<b>Vote: Bob</b>', parseVbulletinPage],
];

describe.each(cases)('%s page with one post nested 10,000 deep', (_name, file, anchor, parse) => {
  const clean = savedPage(file);
  const poisoned = clean.replace(anchor, `${DEEP}${anchor}`);

  test('every post is still read; only the deep one carries a readNote, which the machine flags', () => {
    expect(poisoned).not.toBe(clean);
    const before = parse(clean, ctx).entries.map((e) => e.toPost());
    const after = parse(poisoned, ctx).entries.map((e) => e.toPost());
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    const noted = after.filter((p) => p.readNote);
    expect(noted).toHaveLength(1);
    expect(noted[0]!.readNote).toMatch(new RegExp(`nested \\d{4,} elements deep; below depth ${MAX_MARKUP_DEPTH}`));
    expect(noted[0]!.html).toContain('deep text');
    for (const [i, p] of after.entries()) if (!p.readNote) expect(p).toEqual(before[i]);
    const received = postVersions(after, ['bold'], extractActions).find((r) => r.post.id === noted[0]!.id)!;
    expect(received.diagnostics.map((d) => d.code)).toContain('html-malformed');
  });
});
