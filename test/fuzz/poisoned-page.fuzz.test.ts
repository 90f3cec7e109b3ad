import { type AnyNode, isTag } from 'domhandler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPage } from '../../src/adapters/common/load-page.js';
import type { PageContext } from '../../src/adapters/common/paged-forum.js';
import { parsePhpbbPage } from '../../src/adapters/phpbb/parse-page.js';
import { MAX_MARKUP_DEPTH } from '../../src/domain/shallow-markup.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import type { FakePost } from '../fakes/fake-thread.js';
import { renderPhpbbPage } from '../fakes/render/phpbb.js';
import { FUZZ_SEED as SEED } from './budget.js';
import { mutatedBody } from './mutations.js';
import { realBodies } from './real-bodies.js';

// Issue 14 items 2 and 7: one poisoned post on a page never costs the page's other posts.
const RUNS = Number(process.env.MODDESK_FUZZ_PAGE_RUNS ?? 150);
const PER_PAGE = 6;
const ctx: PageContext = {
  pageUrl: 'http://forum.example/viewtopic.php?t=7',
  timeZone: 'UTC',
  now: Date.UTC(2026, 0, 3),
};

function page(bodies: string[]): string {
  const posts = bodies.map((html, i) => {
    const post: FakePost = {
      id: 5000 + i,
      author: `Player ${i + 1}`,
      authorId: 40 + i,
      createdAt: Date.UTC(2026, 0, 2, 12, i),
      html,
      editedAt: null,
      editCount: 0,
      deleted: false,
    };
    return { post, number: i + 1 };
  });
  return renderPhpbbPage({
    variant: 'mafiascum',
    topicId: 7,
    forumId: 3,
    title: 'Fuzzed Mini',
    posts,
    page: 1,
    pageCount: 1,
    perPage: 25,
    total: bodies.length,
    timeZone: 'UTC',
  });
}

describe('a phpBB page with one poisoned post', () => {
  const bodies = realBodies();
  const body = fc.integer({ min: 0, max: bodies.length - 1 }).map((i) => bodies[i] ?? '');

  it(`${RUNS} pages: every post is read, the others exactly as on the clean page`, () => {
    fc.assert(
      fc.property(
        fc.array(body, { minLength: PER_PAGE, maxLength: PER_PAGE }),
        fc.integer({ min: 0, max: PER_PAGE - 1 }),
        mutatedBody(bodies, true),
        (clean, k, poison) => {
          const poisoned = clean.map((b, i) => (i === k ? poison : b));
          const before = parsePhpbbPage(page(clean), ctx).entries.map((e) => e.toPost());
          const after = parsePhpbbPage(page(poisoned), ctx).entries.map((e) => e.toPost());
          expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
          expect(after).toHaveLength(PER_PAGE);
          for (const [i, p] of after.entries()) if (i !== k) expect(p).toEqual(before[i]);
          const read = extractActions(after[k]!.html, { syntax: ['bold', 'tag'], channel: 'thread' });
          expect(read.diagnostics.find((d) => d.message.startsWith('the post could not be read'))).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('a post nested 10,000 deep with a 2,000-character bold run and an entity flood', () => {
    const poison = `${'<div>'.repeat(10_000)}<b>${'a'.repeat(2000)}</b>${'&amp;'.repeat(2000)}\u200bvote${'</div>'.repeat(10_000)}`;
    const clean = bodies.slice(100, 100 + PER_PAGE);
    const after = parsePhpbbPage(page(clean.map((b, i) => (i === 2 ? poison : b))), ctx).entries.map((e) => e.toPost());
    expect(after.map((p) => p.id)).toEqual(['5000', '5001', '5002', '5003', '5004', '5005']);
    expect(after[2]!.readNote).toMatch(/nested \d+ elements deep/);
  });

  it('m2: a post nested 100,000 deep: every post read, the note names the depth, and parse5 builds no tree deeper than twice MAX_MARKUP_DEPTH', () => {
    // parse5 checks its open elements at each tag: its work per tag is the tree's depth where it reads.
    const poison = `${'<div>'.repeat(100_000)}<b>Vote: Bob</b>${'</div>'.repeat(100_000)}`;
    const clean = bodies.slice(100, 100 + PER_PAGE);
    const html = page(clean.map((b, i) => (i === 2 ? poison : b)));
    const after = parsePhpbbPage(html, ctx).entries.map((e) => e.toPost());
    expect(after.map((p) => p.id)).toEqual(['5000', '5001', '5002', '5003', '5004', '5005']);
    expect(after[2]!.readNote).toMatch(/^markup nested 1000\d\d elements deep; below depth 256/);
    const before = parsePhpbbPage(page(clean), ctx).entries.map((e) => e.toPost());
    for (const i of [0, 1, 3, 4, 5]) expect(after[i]).toEqual(before[i]);
    expect(treeDepth(loadPage(html).$.root()[0]!)).toBeLessThanOrEqual(2 * MAX_MARKUP_DEPTH + 1);
  });
});

/** How many levels of elements a tree holds, walked without recursion. */
function treeDepth(root: AnyNode): number {
  let most = 0;
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    most = Math.max(most, depth);
    if ('children' in node) for (const child of node.children) if (isTag(child)) stack.push([child, depth + 1]);
  }
  return most;
}
