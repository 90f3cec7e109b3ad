import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionForm } from '../../src/domain/action.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { mutatedBody } from './mutations.js';
import { realBodies } from './real-bodies.js';

// Issue 14 item 7: the parser over mutated real posts. Seeded and bounded; MODDESK_FUZZ_RUNS / _SEED to go further.
const RUNS = Number(process.env.MODDESK_FUZZ_RUNS ?? 20_000);
const SEED = Number(process.env.MODDESK_FUZZ_SEED ?? 20261201);
const FORMS: ActionForm[] = ['bold', 'tag', 'hash'];

describe('extractActions over mutated real posts', () => {
  const bodies = realBodies();

  it(`${RUNS} bodies: never throws, never gives up on a post, returns well-formed actions`, () => {
    fc.assert(
      fc.property(
        mutatedBody(bodies),
        fc.subarray(FORMS, { minLength: 1 }),
        fc.constantFrom('thread' as const, 'pm' as const),
        (html, syntax, channel) => {
          const read = extractActions(html, { syntax, channel });
          // The parser catches its own failures as an html-malformed diagnostic; one here is a bug it hid.
          const gaveUp = read.diagnostics.find((d) => d.message.startsWith('the post could not be read'));
          expect(gaveUp?.message).toBeUndefined();
          for (const a of read.actions) {
            expect(syntax).toContain(a.form);
            expect(typeof a.text).toBe('string');
            expect(a.argument === null || typeof a.argument === 'string').toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
