import { describe, expect, it } from 'vitest';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { bbcode, markdown, text } from '../../src/reporter/markup.js';
import { dawnReport, renderDawnReport } from '../../src/reporter/obsidian/dawn-report.js';
import { nightResultDrafts } from '../../src/reporter/obsidian/night-results.js';
import { purgeOutcome, renderPurgeAnnouncement } from '../../src/reporter/obsidian/purge-announcement.js';
import { afterNight, endOf, inPhase, obsidianGame, pm, run, vote } from './helpers.js';

const justAfter = (phase: string) => new Date(Date.parse(endOf(phase)) + 60_000).toISOString();

describe('O-D1 the Dawn Report', () => {
  it('one line per removed node, the replaced slot written as "Zoe (replaced Max)"', () => {
    const game = obsidianGame({ events: [{ at: inPhase('N1', 1), replace: 'Max', by: 'Zoe' }] });
    const { ctx } = afterNight(game, [pm('Ink', 'N1', 'Kill: Max', 2)], 'N1');
    expect(dawnReport(toStateJson(ctx, ctx.now), 'N1')).toEqual({ night: 'N1', removed: ['Zoe (replaced Max)'] });
    expect(renderDawnReport(dawnReport(toStateJson(ctx, ctx.now), 'N1'), text)).toBe(
      'System update: Node Zoe (replaced Max) has been compromised and removed from the mesh.\n',
    );
  });

  it('a bodyguard Shield’s removal is reported like any other, and never why', () => {
    const { ctx } = afterNight(obsidianGame(), [pm('Sol', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Jet')], 'N1');
    expect(renderDawnReport(dawnReport(toStateJson(ctx, ctx.now), 'N1'), text)).toBe(
      'System update: Node Sol has been compromised and removed from the mesh.\n',
    );
  });

  it('"No nodes were compromised tonight." when nobody was removed', () => {
    const { ctx } = afterNight(obsidianGame(), [pm('Kit', 'N1', 'Target: Jet'), pm('Ink', 'N1', 'Kill: Jet')], 'N1');
    expect(renderDawnReport(dawnReport(toStateJson(ctx, ctx.now), 'N1'), bbcode)).toBe(
      'No nodes were compromised tonight.\n',
    );
  });

  it('untrusted names are escaped for the forum’s markup', () => {
    const roster = [
      { name: 'Ink', faction: 'obsidian', role: 'Leader' },
      { name: '[b]Jet[/b]', faction: 'network', role: 'Citizen' },
      { name: 'Kit_1', faction: 'network', role: 'Citizen' },
      { name: 'Lux', faction: 'network', role: 'Citizen' },
    ];
    const game = obsidianGame({}, roster);
    const posts = [pm('Ink', 'N1', 'Kill: Kit_1')];
    const { ctx } = afterNight(game, posts, 'N1');
    expect(renderDawnReport(dawnReport(toStateJson(ctx, ctx.now), 'N1'), markdown)).toBe(
      'System update: Node Kit\\_1 has been compromised and removed from the mesh.\n',
    );
  });
});

describe('O-V3 the Purge announcement', () => {
  it('a day whose most votes went to not purging says "No purge initiated."', () => {
    const posts = [vote('Jet', 'D1', 'no lynch'), vote('Kit', 'D1', 'no lynch'), vote('Ink', 'D1', 'Jet')];
    const { ctx } = run(obsidianGame(), posts, justAfter('D1'));
    expect(purgeOutcome(ctx, 'D1')).toEqual({ day: 'D1', kind: 'no-purge' });
    expect(renderPurgeAnnouncement(purgeOutcome(ctx, 'D1')!, text)).toBe('No purge initiated.\n');
  });

  it('the purged node is named in the forum’s markup', () => {
    const posts = [vote('Jet', 'D1', 'Pip'), vote('Kit', 'D1', 'Pip')];
    const { ctx } = run(obsidianGame(), posts, justAfter('D1'));
    expect(renderPurgeAnnouncement(purgeOutcome(ctx, 'D1')!, bbcode)).toBe('The network has purged Pip.\n');
  });
});

describe('results for the Analyst and the Scanner', () => {
  it('drafts one result per Analyst and Scanner, "no result" when enforced, none for the other roles', () => {
    const posts = [
      pm('Ren', 'N1', 'Target: Oak'),
      pm('Oak', 'N1', 'Target: Jet'),
      pm('Jet', 'N1', 'Target: Ink'),
      pm('Kit', 'N1', 'Target: Lux'),
    ];
    const { ctx } = afterNight(obsidianGame(), posts, 'N1');
    expect(nightResultDrafts(ctx, 'N1', bbcode)).toEqual([
      {
        to: 'Jet',
        phase: 'N1',
        action: 'analyze',
        line: 'Analyst result, Night 1: [b]Ink[/b] reads as [b]network[/b].',
      },
      { to: 'Oak', phase: 'N1', action: 'scan', line: 'Scanner result, Night 1: no result.' },
    ]);
  });

  it('the Scanner learns the exact role, the Analyst "Obsidian" for a masked-less node', () => {
    const posts = [pm('Oak', 'N1', 'Target: Sol'), pm('Jet', 'N1', 'Target: Oak')];
    const { ctx } = afterNight(obsidianGame(), posts, 'N1');
    expect(nightResultDrafts(ctx, 'N1', text).map((d) => d.line)).toEqual([
      'Analyst result, Night 1: Oak reads as Obsidian.',
      "Scanner result, Night 1: Sol's role is Shield.",
    ]);
  });
});
