import { describe, expect, it } from 'vitest';
import { MARKUPS } from '../reporter/markup.js';
import { markupToHtml } from './markup-to-html.js';

const bb = (s: string) => markupToHtml(s, 'bbcode').value;
const md = (s: string) => markupToHtml(s, 'markdown').value;

describe('draft markup to HTML', () => {
  it('renders the BBCode a vote count uses: bold, links, spoilers, line breaks', () => {
    expect(bb('[b]Vote Count 2.1[/b] (through post [url=https://f.example/p?p=29#p29]#29[/url])\nline 2')).toBe(
      '<strong>Vote Count 2.1</strong> (through post <a href="https://f.example/p?p&#61;29#p29" rel="noopener noreferrer nofollow" target="_blank">#29</a>)<br>line 2',
    );
    expect(bb('[spoiler=Vote history]\na → b\n[/spoiler]')).toBe(
      '<details class="spoiler"><summary>Vote history</summary>a → b<br></details>',
    );
    expect(bb('[quote="Ann"]hi[/quote]')).toBe('<blockquote><cite>Ann wrote:</cite>hi</blockquote>');
    expect(bb('[list][*]one[*]two[/list]')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(bb('[code][b]raw[/b][/code]')).toBe('<pre><code>[b]raw[/b]</code></pre>');
  });

  it('leaves unknown or unbalanced tags as text, closes what is left open', () => {
    expect(bb('[foo]x[/foo] [/b] [b]open')).toBe('[foo]x[/foo] [/b] <strong>open</strong>');
  });

  it('renders the markdown a Reddit count uses: bold, escapes, links, quotes, hard breaks', () => {
    const text = MARKUPS.markdown.join([
      `**${MARKUPS.markdown.text('Vote Count 1')}**`,
      `${MARKUPS.markdown.link(MARKUPS.markdown.text('under_score*name'), 'https://reddit.example/c/1')}`,
    ]);
    expect(md(text)).toBe(
      '<p><strong>Vote Count 1</strong><br><a href="https://reddit.example/c/1" rel="noopener noreferrer nofollow" target="_blank">under_score*name</a></p>',
    );
    expect(md('> quoted\n> more\n\nafter')).toBe('<blockquote><p>quoted more</p></blockquote><p>after</p>');
    expect(md('- a\n- b')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(md('>!secret!<')).toBe('<p><span class="spoiler">secret</span></p>');
  });

  it('plain text keeps its lines', () => {
    expect(markupToHtml('a <b>\nb', 'text').value).toBe('a &lt;b&gt;<br>b');
  });

  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    '[url=javascript:alert(1)]click[/url]',
    '[url]javascript:alert(1)[/url]',
    '[url=https://ok.example/" onmouseover="alert(1)]x[/url]',
    '[img]https://x.example/a.png" onerror="alert(1)[/img]',
    '[quote="a" onmouseover="alert(1)"]q[/quote]',
    '[spoiler=<b onclick=alert(1)>]s[/spoiler]',
    '[click](javascript:alert(1))',
    '[x](https://ok.example/"onmouseover="alert(1))',
    '**<img src=x onerror=alert(1)>**',
    '`</code><script>alert(1)</script>`',
  ];

  it.each(payloads)('renders %s inert in every format', (payload) => {
    for (const format of ['bbcode', 'markdown', 'text']) {
      const out = markupToHtml(payload, format).value;
      expect(out).not.toMatch(/<(script|img|svg|iframe)/i);
      expect(out).not.toMatch(/\son[a-z]+=/i);
      expect(out).not.toMatch(/href="(?!https?:)/i);
      expect(out).not.toMatch(/href="[^"]*"[^>]*"/);
    }
  });
});
