import { describe, expect, it } from 'vitest';
import { postToHtml } from './post-html.js';

describe('quoting a post', () => {
  it('keeps the structure a mod needs (paragraphs, bold, breaks) and no attributes', () => {
    expect(postToHtml('<p class="x" id="y">I think <strong style="color:red">Vote: Bob</strong><br>ok</p>').value).toBe(
      '<p>I think <strong>Vote: Bob</strong><br>ok</p>',
    );
    expect(postToHtml('<div style="display:inline;font-weight:bold">Vote: Ann</div>').value).toBe(
      '<strong>Vote: Ann</strong>',
    );
  });

  it('marks quotes and spoilers as not read for actions', () => {
    const out = postToHtml('<div class="quotecontent"><b>Vote: Eli</b></div>Mine').value;
    expect(out).toBe(
      '<blockquote class="excluded"><span class="excluded-tag">not read as actions</span><strong>Vote: Eli</strong></blockquote>Mine',
    );
  });

  it('drops scripts, styles and embeds whole; escapes the text; links become their text', () => {
    const out = postToHtml(
      '<script>alert(1)</script><style>*{}</style><iframe src="javascript:alert(1)"></iframe><a href="javascript:alert(1)" onclick="x()">link</a> &lt;b&gt; <img src=x onerror=alert(1)><svg onload=alert(1)><circle/></svg>',
    ).value;
    expect(out).toBe('link &lt;b&gt; [image]');
  });

  it('cuts a huge post', () => {
    const out = postToHtml(`<p>${'x'.repeat(50_000)}</p>`).value;
    expect(out.length).toBeLessThan(21_000);
    expect(out).toContain('(cut)');
  });
});
