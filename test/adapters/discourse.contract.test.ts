import { createDiscourseSource } from '../../src/adapters/discourse/index.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { runContract } from './contract.js';

runContract({
  name: 'Discourse (JSON API)',
  startFake: (posts) => startDiscourseFake({ posts, maxIds: 30 }),
  createSource: (opts) => createDiscourseSource({ ...opts, batchSize: 30 }),
  contentPath: /^\/t\//,
  timeResolution: 'second',
  editResolution: 'second',
  fullReadRequests: (n) => 1 + Math.ceil(Math.max(0, n - 20) / 30),
});
