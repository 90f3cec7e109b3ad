import { describe, expect, it } from 'vitest';
import { extractActions } from '../../src/parser/extract-actions.js';

const read = (html: string) => extractActions(html, { syntax: ['bold', 'tag', 'hash'], channel: 'thread' });
const args = (html: string) => read(html).actions.map((a) => a.argument);
const VOTE = '<b>Vote: Quoted</b><span class="bbvote" title="This is an official vote.">VOTE: Tagged</span>';
const OWN = '<b>Vote: Own</b>';

describe('§2 excluded containers: nothing inside them is an action', () => {
  it.each([
    ['blockquote', `<blockquote>${VOTE}<p>##Vote: Hashed</p></blockquote>`],
    ['q', `<q>${VOTE}</q>`],
    ['pre', `<pre>${VOTE}\n##Vote: Hashed</pre>`],
    ['code', `<code>${VOTE}</code>`],
    ['.quotecontent', `<div class="quotecontent">${VOTE}</div>`],
    ['.quotetitle', `<div class="quotetitle">${VOTE}</div>`],
    ['.md-spoiler-text', `<span class="md-spoiler-text">${VOTE}</span>`],
    ['.spoiler', `<div class="spoiler">${VOTE}</div>`],
    ['.bbCodeSpoiler', `<div class="bbCodeSpoiler">${VOTE}</div>`],
    ['.bbCodeInlineSpoiler', `<span class="bbCodeInlineSpoiler">${VOTE}</span>`],
    ['.bbCodeBlock--quote', `<div class="bbCodeBlock bbCodeBlock--quote">${VOTE}</div>`],
    ['.ipsQuote', `<div class="ipsQuote">${VOTE}</div>`],
    ['.ipsSpoiler', `<div class="ipsSpoiler">${VOTE}</div>`],
    ['.quote', `<aside class="quote no-group">${VOTE}</aside>`],
    ['.bbcode_container', `<div class="bbcode_container">${VOTE}</div>`],
    ['.codebox', `<div class="codebox">${VOTE}</div>`],
    ['.signature', `<div id="sig1" class="signature">${VOTE}</div>`],
    ['[id^=spoiler_] (TeamLiquid)', `<div id="spoiler_12">${VOTE}</div>`],
    [
      '[title^="This text is hidden"] (MafiaScum inline spoiler)',
      `<div title="This text is hidden to prevent spoilers; to reveal, highlight it with your cursor.">${VOTE}</div>`,
    ],
  ])('%s', (_name, html) => {
    const r = read(`${html}${OWN}`);
    expect(r.actions.map((a) => a.argument)).toEqual(['Own']);
    expect(r.diagnostics).toEqual([]);
  });

  it('nested quotes and text after the quote', () => {
    expect(args(`<blockquote><div><blockquote>${VOTE}</blockquote>${VOTE}</div></blockquote>${OWN}`)).toEqual(['Own']);
  });

  it('class matching is per token, so a class that merely contains a name is not excluded', () => {
    expect(args('<div class="quotes-unrelated"><b>Vote: Ann</b></div>')).toEqual(['Ann']);
    expect(args('<div class="notspoiler"><b>Vote: Ann</b></div>')).toEqual(['Ann']);
  });

  it('a bold run cut by a quote does not join across it', () => {
    expect(args('<b>Vote: Ann<blockquote>Vote: Bob</blockquote></b>')).toEqual(['Ann']);
  });

  it('fieldset (MafiaScum [area]) is the poster own text and counts', () => {
    expect(args('<fieldset style="border:3px outset grey"><legend>Area</legend><b>Vote: Ann</b></fieldset>')).toEqual([
      'Ann',
    ]);
  });

  it('bold inside list, size, underline and colour tags counts (donbot tests)', () => {
    const html =
      '<ul><li><b>Vote: A</b></li></ul><div style="font-size: 150%; line-height: normal; display: inline"><b>Vote: B</b></div>' +
      '<div style="display:inline;text-decoration:underline"><b>Vote: C</b></div><div style="display:inline;color:red"><b>Vote: D</b></div>';
    expect(args(html)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('hidden and struck-through text is not the poster visible word', () => {
    expect(args('<div style="display: none;"><b>Vote: A</b></div>')).toEqual([]);
    expect(args('<div style="display:inline-flex;text-decoration:line-through"><b>Vote: A</b></div>')).toEqual([]);
    expect(args('<s><b>Vote: A</b></s><del><b>Vote: B</b></del><details><b>Vote: C</b></details>')).toEqual([]);
  });

  it('script and style text is never read', () => {
    expect(args('<style>b::before{content:"Vote: A"}</style><script>"<b>Vote: B</b>"</script>')).toEqual([]);
  });
});

describe('platform markup (reference/platforms.md §1.6, §2)', () => {
  it('MafiaScum: quote with cite, then a bold div vote', () => {
    const html =
      '<blockquote cite="./viewtopic.php?p=123#p123"><div><cite><a href="./viewtopic.php?p=123#p123" data-post-id="123">In post 15</a>, <a href="./memberlist.php?u=2">Alice</a> wrote:</cite>' +
      '<div style="display:inline;font-weight:bold">Vote: Bob</div></div></blockquote>\nI disagree.<br>\n<div style="display:inline;font-weight:bold">Vote: Alice</div>';
    expect(args(html)).toEqual(['Alice']);
  });

  it('MafiaScum: a titled [spoiler] (div.quotetitle + div.quotecontent) hides its vote', () => {
    const html =
      '<div style="margin:20px; margin-top:1px; margin-bottom:1px;"><div class="quotetitle"><b>Spoiler: Votes</b> <input type="button" value="Show" class="button2"></div>' +
      '<div class="quotecontent"><div style="display: none;"><span class="bbvote" title="This is an official vote.">VOTE: Hidden</span></div></div></div>' +
      '<span class="bbvote" title="This is an official vote.">VOTE: Shown</span>';
    expect(args(html)).toEqual(['Shown']);
  });

  it('MafiaScum: an inline [spoiler] hides its vote', () => {
    const html =
      '<div style="display: inline; color:#000000 !important; background:#000000 !important; padding:0px 3px;" title="This text is hidden to prevent spoilers; to reveal, highlight it with your cursor."><div style="display:inline;font-weight:bold">Vote: Hidden</div></div>';
    expect(read(html).actions).toEqual([]);
  });

  it('MafiaScum BBCode renderings (its bbcodes table): [ooc], [smallcaps], [mech], [table] and the older span form of an inline [spoiler]', () => {
    const ooc = (t: string) =>
      `<span style="color:darkred; font-size:smaller" title="This text is being given out-of-character.">${t}</span>`;
    expect(args(ooc('<b>Vote: Ann</b>'))).toEqual(['Ann']);
    expect(args(`<span class="bbvote" title="This is an official vote.">VOTE: ${ooc('Ann')}</span>`)).toEqual(['Ann']);
    expect(
      args('<span style="text-transform:uppercase; font-size:smaller"><span class="noboldsig">Vote: Ann</span></span>'),
    ).toEqual(['Ann']);
    expect(
      args(
        '<div style="border:3px inset #800000; padding:5px 10px"><span style="color: darkred;font-size: 11px;"><b>Vote: Ann</b></span></div>',
      ),
    ).toEqual(['Ann']);
    expect(
      args('<table style="border:1px solid black; "><tr><td><b>Vote: Ann</b></td><td>Bob</td></tr></table>'),
    ).toEqual(['Ann']);
    const spoiler =
      '<span style="color:#000000 !important; background:#000000 !important; padding:0px 3px;"  title="This text is hidden to prevent spoilers; to reveal, highlight it with your cursor.">';
    expect(args(`${spoiler}<b>Vote: Hidden</b></span><b>Vote: Shown</b>`)).toEqual(['Shown']);
  });

  it('MafiaScum print view writes font-weight:bold without a space', () => {
    expect(args('<span style="font-weight:bold">Vote: Ann</span>')).toEqual(['Ann']);
  });

  it('MafiaScum: the mod vote count in a fieldset has bold names but no Vote keyword', () => {
    const html =
      '<fieldset style="border:3px outset grey;padding:5px 10px"><legend style="text-transform:uppercase">Vote Count</legend>' +
      '<div style="display:inline;font-weight:bold">Day 1 Vote Count (#2)</div></fieldset><br>\n' +
      '<div style="display:inline;font-weight:bold">AGar</div> - 2 (Reckamonic, Thor665)<br>';
    expect(read(html)).toEqual({ actions: [], diagnostics: [] });
  });

  it('phpBB codebox (3.2+) and 3.0 dl.codebox', () => {
    expect(
      args('<div class="codebox"><p>Code: <a>Select all</a></p><pre><code><b>Vote: A</b></code></pre></div>'),
    ).toEqual([]);
    expect(args('<dl class="codebox"><dt>Code:</dt><dd><b>Vote: A</b></dd></dl>')).toEqual([]);
  });

  it('XenForo 2: quote block, block spoiler, inline spoiler, code; <b> counts', () => {
    const html =
      '<blockquote data-quote="Bob" class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch"><div class="bbCodeBlock-title"><a>Bob said:</a></div><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent"><b>Vote: Q</b></div></div></blockquote>' +
      '<div class="bbCodeSpoiler"><button class="bbCodeSpoiler-button"><span class="bbCodeSpoiler-button-title">Title</span></button><div class="bbCodeSpoiler-content"><div class="bbCodeBlock bbCodeBlock--spoiler"><div class="bbCodeBlock-content"><b>Vote: S</b></div></div></div></div>' +
      '<span class="bbCodeInlineSpoiler"><b>Vote: I</b></span>' +
      '<div class="bbCodeBlock bbCodeBlock--screenLimited bbCodeBlock--code"><div class="bbCodeBlock-content"><pre class="bbCodeCode"><code><b>Vote: C</b></code></pre></div></div>' +
      '<div class="bbWrapper"><b>Vote: Own</b></div>';
    expect(args(html)).toEqual(['Own']);
  });

  it('vBulletin 4: bbcode_container quote is excluded; the blockquote.postcontent body is not', () => {
    const html =
      '<blockquote class="postcontent restore "><div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">' +
      '<div class="bbcode_postedby">Originally Posted by <strong>Bob</strong></div><div class="message"><b>Vote: Q</b></div></div></div></div>' +
      '<b>Vote: Own</b></blockquote>';
    expect(args(html)).toEqual(['Own']);
  });

  it('vBulletin: the edit note (blockquote.lastedited) is never read', () => {
    expect(args('<blockquote class="postcontent lastedited">Last edited by <b>Vote: X</b></blockquote>')).toEqual([]);
  });

  it('Discourse: aside.quote, div.spoiler, pre/code; <strong> counts', () => {
    const html =
      '<aside class="quote no-group" data-username="Richard1" data-post="4"><div class="title">Richard1:</div><blockquote><p><strong>Vote: Q</strong></p></blockquote></aside>' +
      '<div class="spoiler"><p><strong>Vote: S</strong></p></div><span class="spoiler"><strong>Vote: S2</strong></span>' +
      '<pre><code class="lang-auto"><strong>Vote: C</strong></code></pre>' +
      '<p><strong>Vote: Own</strong> <a class="mention" href="/u/alice">@alice</a></p>';
    expect(args(html)).toEqual(['Own']);
  });

  it('Discourse: a mention as the argument', () => {
    expect(args('<p><strong>Vote: <a class="mention" href="/u/alice">@alice</a></strong></p>')).toEqual(['alice']);
  });

  it('Reddit body_html: blockquote, block and inline spoilers, code; <strong> counts', () => {
    const html =
      '<div class="md"><blockquote>\n<p><strong>Vote: Q</strong></p>\n</blockquote>\n' +
      '<blockquote class="md-spoiler-text"><p><strong>Vote: S</strong></p></blockquote>' +
      '<p>yes <span class="md-spoiler-text"><strong>Vote: I</strong></span></p>' +
      '<pre><code><strong>Vote: C</strong></code></pre>\n' +
      '<p><strong>Vote: Own</strong></p>\n</div>';
    expect(args(html)).toEqual(['Own']);
  });

  it('Reddit: bold+italic, zero-width spaces and u/ prefixes', () => {
    expect(args('<p><strong><em>Vote: Ann</em></strong></p>')).toEqual(['Ann']);
    expect(args('<p>&#x200B;</p><p><strong>Vo\u200bte: Ann</strong></p>')).toEqual(['Ann']);
    expect(args('<p><strong>Vote: u/Some_User</strong></p>')).toEqual(['Some_User']);
  });

  it('Invision: ipsQuote, ipsSpoiler, ipsCode', () => {
    const html =
      '<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-username="PPAC"><div class="ipsQuote_citation">PPAC said:</div><div class="ipsQuote_contents"><strong>Vote: Q</strong></div></blockquote>' +
      '<div class="ipsSpoiler" data-ipsspoiler=""><div class="ipsSpoiler_header"><span>Spoiler</span></div><div class="ipsSpoiler_contents"><strong>Vote: S</strong></div></div>' +
      '<pre class="ipsCode"><strong>Vote: C</strong></pre><p><strong>Vote: Own</strong></p>';
    expect(args(html)).toEqual(['Own']);
  });

  it('TeamLiquid: ##vote lines outside spoilers, in hash form', () => {
    const html =
      '<div id="spoiler_1" style="display:none">##vote Hidden</div>Some thoughts.<br>##Vote: Own<br><span class="quote">##vote Quoted</span>';
    const r = extractActions(html, { syntax: ['hash'], channel: 'thread' });
    expect(r.actions.map((a) => [a.kind, a.argument, a.form])).toEqual([['vote', 'Own', 'hash']]);
  });
});
