import { describe, expect, it } from 'vitest';
import { ModdeskError } from '../../domain/errors.js';
import { phpbbPms } from '../phpbb/parse-pms.js';
import { vbulletinPms } from '../vbulletin/parse-pms.js';
import { xenforoPms } from '../xenforo/parse-pms.js';

const ctx = (pageUrl: string) => ({ pageUrl, timeZone: 'UTC', now: Date.UTC(2026, 0, 6) });

/** Issue 30 item 2: a PM page that is not what the mapper expects is one clear error naming the page and the place. */
describe('PM pages: bad input named with its page and place', () => {
  it('a login page where the phpBB inbox should be', () => {
    const url = 'https://board.example/ucp.php?i=pm&folder=inbox';
    const err = (() => {
      try {
        phpbbPms.parseList('<html><body id="phpbb"><form id="login"></form></body></html>', ctx(url));
      } catch (e) {
        return e as ModdeskError;
      }
    })();
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err!.oneLine()).toBe(
      `${url}: page: not a phpBB PM page: expected ul.pmlist li.row rows (or an empty folder panel)`,
    );
  });

  it('a phpBB inbox row without a sender is named by its row', () => {
    const url = 'https://board.example/ucp.php?i=pm&folder=inbox';
    const html = `<ul class="topiclist cplist pmlist"><li class="row bg1"><dl><dt><a href="./ucp.php?i=pm&amp;f=0&amp;p=7" class="topictitle">Hi</a><br />by &raquo; Mon Jan 05, 2026 7:00 pm</dt><dd class="mark"><input type="checkbox" name="marked_msg_id[]" value="7" /></dd></dl></li></ul>`;
    expect(() => phpbbPms.parseList(html, ctx(url))).toThrow(/phpBB inbox post row 1: authors\.0: expected the sender/);
  });

  it('a XenForo conversation page with no messages, and a vBulletin showpm with no postbit', () => {
    expect(() =>
      xenforoPms.parseConversation(
        '<div class="blockMessage">gone</div>',
        ctx('https://xf.example/conversations/a.5/'),
      ),
    ).toThrow(/not a XenForo PM page: expected article\.message--conversationMessage/);
    expect(() =>
      vbulletinPms.parseConversation(
        '<p>Invalid Private Message specified.</p>',
        ctx('https://vb.example/private.php?do=showpm&pmid=3'),
      ),
    ).toThrow(/not a vBulletin PM page/);
  });
});
