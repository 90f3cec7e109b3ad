import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { runContract } from './contract.js';

runContract({
  name: 'phpBB 3.3 (prosilver)',
  startFake: (posts) => startPhpbbFake({ posts, perPage: 10, timeZone: 'America/New_York', signatureEvery: 4 }),
  createSource: createPhpbbSource,
  contentPath: /^\/viewtopic\.php/,
  timeResolution: 'second',
  editResolution: 'minute',
  fullReadRequests: (n) => Math.ceil(n / 10),
  timeZone: 'America/New_York',
});
