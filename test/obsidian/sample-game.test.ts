import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { scriptText } from '../../src/cli/script-command.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { text } from '../../src/reporter/markup.js';
import { dawnReport, renderDawnReport } from '../../src/reporter/obsidian/dawn-report.js';
import { nightResultDrafts } from '../../src/reporter/obsidian/night-results.js';
import { purgeOutcome, renderPurgeAnnouncement } from '../../src/reporter/obsidian/purge-announcement.js';
import { replay } from '../../src/reporter/replay.js';

const dir = fileURLToPath(new URL('../games/obsidian-sample/', import.meta.url));
const gameFile = `${dir}game.yaml`;
const game = loadGameFile(gameFile);
const posts = loadDump(`${dir}posts.jsonl`);

/** Golden drafts (reviewed by reading); `UPDATE_GOLDEN=1` rewrites them. */
function golden(name: string, actual: string): void {
  const file = `${dir}golden/${name}`;
  if (process.env.UPDATE_GOLDEN === '1' && !process.env.CI) writeFileSync(file, actual);
  expect(existsSync(file), `golden file ${file} is missing (write it with UPDATE_GOLDEN=1 and read the diff)`).toBe(
    true,
  );
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/** The context one minute after a phase of the sample game ends. */
function justAfter(phase: string) {
  const p = game.phases.find((x) => x.name === phase);
  if (!p?.deadline) throw new Error(phase);
  return replay(game, posts, { at: Date.parse(p.deadline) + 60_000 }).context;
}

describe('the obsidian sample game (9 nodes, four nights), replayed', () => {
  for (const night of ['N1', 'N2', 'N3', 'N4']) {
    it(`O-D1 the Dawn Report after ${night}`, () => {
      golden(`${night}-dawn.txt`, renderDawnReport(dawnReport(toStateJson(justAfter(night), 0), night), text));
    });
    it(`the Analyst's and Scanner's results for ${night}`, () => {
      const drafts = nightResultDrafts(justAfter(night), night, text);
      golden(`${night}-results.txt`, drafts.map((d) => `To ${d.to}: ${d.line}\n`).join(''));
    });
  }
  for (const day of ['D1', 'D2', 'D3', 'D4']) {
    it(`O-V3 the Purge announcement for ${day}`, () => {
      const outcome = purgeOutcome(justAfter(day), day);
      expect(outcome).not.toBeNull();
      golden(`${day}-purge.txt`, renderPurgeAnnouncement(outcome!, text));
    });
  }

  it("the narrator's script for N2 with the PM targets", () => {
    golden('N2-script.txt', scriptText({ game: gameFile, night: 'N2' }));
  });

  it('the registry script for N0', () => {
    golden('N0-script.txt', scriptText({ game: gameFile, night: 'N0' }));
  });

  it('O-T4 the game ends with the network winning at the D4 purge', () => {
    const r = replay(game, posts);
    const state = toStateJson(r.context, r.at);
    expect(state.result).toEqual({ status: 'over', winner: 'network', at: '2026-04-14T18:00:00Z' });
    expect(state.eliminations.map((e) => [e.name, e.cause, e.phase])).toEqual([
      ['Solace', 'compromise', 'N1'],
      ['Pipistrelle', 'purge', 'D2'],
      ['Inkwell', 'purge', 'D3'],
      ['Renegade', 'compromise', 'N4'],
      ['Oakleaf', 'purge', 'D4'],
    ]);
    expect(state.flags.map((f) => [f.postId, f.code])).toEqual([
      ['p1002', 'action-wrong-phase'],
      ['p1017', 'actor-dead'],
      ['p1040', 'action-not-allowed'],
      ['p1042', 'action-wrong-phase'],
    ]);
  });
});
