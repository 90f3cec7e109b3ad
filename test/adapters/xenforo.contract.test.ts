import { createXenforoSource } from '../../src/adapters/xenforo/index.js';
import { startXenforoFake } from '../fakes/xenforo-fake.js';
import { runContract } from './contract.js';

runContract({
  name: 'XenForo 2',
  startFake: (posts) => startXenforoFake({ posts, perPage: 20, timeZone: 'Europe/Berlin', signatureEvery: 3 }),
  createSource: createXenforoSource,
  contentPath: /^\/threads\//,
  timeResolution: 'second',
  editResolution: 'second',
  fullReadRequests: (n) => Math.ceil(n / 20),
});
