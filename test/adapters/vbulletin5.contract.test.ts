import { createVbulletinSource } from '../../src/adapters/vbulletin/index.js';
import { startVbulletinFake } from '../fakes/vbulletin-fake.js';
import { runContract } from './contract.js';

runContract({
  name: 'vBulletin 5',
  startFake: (posts) =>
    startVbulletinFake({ posts, version: 5, perPage: 15, timeZone: 'Australia/Sydney', signatureEvery: 2 }),
  createSource: createVbulletinSource,
  contentPath: /^\/forum\//,
  timeResolution: 'second',
  editResolution: 'second',
  fullReadRequests: (n) => Math.ceil(n / 15),
  timeZone: 'Australia/Sydney',
});
