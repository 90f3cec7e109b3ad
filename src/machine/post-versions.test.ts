import { describe, expect, it } from 'vitest';
import type { ExtractedAction } from '../domain/action.js';
import type { Post } from '../domain/post.js';
import { extractActions } from '../parser/extract-actions.js';
import { addedActions, postVersions } from './post-versions.js';

const act = (kind: ExtractedAction['kind'], argument: string | null): ExtractedAction => ({
  kind,
  argument,
  noLynch: false,
  form: 'bold',
  text: '',
});
const post = (id: string, html: string, editedAt: string | null = null): Post => ({
  id,
  author: 'Ava',
  createdAt: '2026-03-02T01:00:00Z',
  editedAt,
  html,
  channel: 'thread',
});

describe('post versions (interfaces §2, R-V2)', () => {
  it('an edit only adds what the first version did not have', () => {
    expect(addedActions([act('vote', 'Bob')], [act('vote', 'bob'), act('vote', 'Cleo')])).toEqual([
      act('vote', 'Cleo'),
    ]);
    expect(addedActions([act('vote', 'Bob'), act('vote', 'Bob')], [act('vote', 'Bob')])).toEqual([]);
  });
  it('the first line of an id is the first version at createdAt; a later line is seen at its editedAt', () => {
    const v = postVersions(
      [post('p1', '<b>Vote: Bob</b>'), post('p1', '<b>Vote: Bob</b><br><b>Vote: Cleo</b>', '2026-03-02T02:00:00Z')],
      ['bold'],
      extractActions,
    );
    expect(v.map((x) => [x.version, x.at, x.actions.map((a) => a.argument)])).toEqual([
      ['first', Date.parse('2026-03-02T01:00:00Z'), ['Bob']],
      ['edit', Date.parse('2026-03-02T02:00:00Z'), ['Cleo']],
    ]);
  });
  it('a single version with editedAt counts as it is, marked unverified', () => {
    const [v] = postVersions([post('p1', '<b>Vote: Bob</b>', '2026-03-02T02:00:00Z')], ['bold'], extractActions);
    expect(v).toMatchObject({ version: 'first', unverifiedEdit: true });
  });
});
