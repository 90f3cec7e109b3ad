import { createVbulletinSource } from '../../src/adapters/vbulletin/index.js';
import { startVbulletinFake } from '../fakes/vbulletin-fake.js';
import { runContract } from './contract.js';

runContract({
  name: 'vBulletin 4',
  startFake: (posts) =>
    startVbulletinFake({ posts, version: 4, perPage: 10, timeZone: 'America/Chicago', signatureEvery: 5 }),
  createSource: createVbulletinSource,
  contentPath: /^\/showthread\.php/,
  timeResolution: 'minute',
  editResolution: 'minute',
  fullReadRequests: (n) => Math.ceil(n / 10),
  timeZone: 'America/Chicago',
});
