import { load } from 'cheerio';
import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { runContract } from './contract.js';
import { mafiascumBodies } from './eval-data.js';

/** MafiaScum's phpBB (mafBase: `#N` post numbers, `ppp=`), serving real MafiaScum post bodies from eval-data. */
const bodies = mafiascumBodies('15787');

runContract({
  name: 'phpBB (MafiaScum variant, real post bodies)',
  startFake: (posts) =>
    startPhpbbFake({
      posts,
      variant: 'mafiascum',
      perPage: 25,
      timeZone: 'America/New_York',
      bodies,
      authors: ['Substrike22', 'LordChronos', 'Hiraki', 'AntB', 'caelum', 'moose200x'],
    }),
  createSource: createPhpbbSource,
  contentPath: /^\/viewtopic\.php/,
  timeResolution: 'second',
  editResolution: 'minute',
  expectedHtml: (html) => load(`<div class="content">${html}</div>`)('div.content').html() ?? '',
  fullReadRequests: (n) => Math.ceil(n / 25),
  timeZone: 'America/New_York',
});
