import type { GameContext } from '../../machine/context.js';
import {
  type ConsoleCue,
  type CueStatus,
  cueView,
  enforcedSoFar,
  holds,
  type NightConsole,
  type NightStep,
  NO_RESULT,
  OBSIDIAN_NIGHT_TABLE,
  obsidianExt,
  resolveConsole,
} from '../../machine/rulesets/obsidian/index.js';
import { text } from '../markup.js';
import { displayName } from '../vote-count-model.js';
import { dawnReport, renderDawnReport } from './dawn-report.js';

const STATUS_NOTE: Record<CueStatus, string> = {
  narration: '',
  open: '',
  disabled: 'DISABLED: enforced tonight; tell them they are disabled (their action will not resolve).',
  'not-woken': 'DO NOT WAKE: enforced tonight.',
  spent: 'NO SHIELD LEFT: used up earlier (layer); their pick protects nobody.',
  'no-actor': 'No living node holds this role: read the lines, record nothing.',
};

/** The narrator's script for one night as plain text: each step in wake order, with the picks so far. */
export function renderNightScript(ctx: GameContext, console: NightConsole, at: number): string {
  const name = (slot: number | null) => (slot === null ? 'nobody' : displayName(ctx.slots[slot]));
  const out: string[] = [`${ctx.setup.game.title || 'Obsidian Process'}: narrator's script for ${console.phase}`];
  out.push(`Variants: scanner ${ctx.setup.options.scanner}, shield ${ctx.setup.options.shield}.`);
  for (const cue of console.cues) {
    const view = cueView(ctx, console, cue.index);
    if (!view) continue;
    if (cue.first)
      out.push(
        '',
        `== ${cue.step.title} ==`,
        ...wakeLine(ctx, cue),
        ...cue.step.say.map((l) => `"${l}"`),
        ...notes(ctx, cue.step),
      );
    if (cue.prompt && cue.actor !== null) {
      const who = `${cue.prompt.id === 'compromise' ? 'Leader' : roleOf(cue)} ${name(cue.actor)}`;
      const picked = view.entry
        ? `${name(view.entry.target)}${view.entry.actor !== cue.actor ? ` (picked by ${name(view.entry.actor)})` : ''}${view.entry.postId ? ` [${view.entry.postId}]` : ''}`
        : 'not recorded yet';
      out.push(`  > ${who}: ${cue.prompt.ask} -> ${picked}`);
      if (view.status !== 'open') out.push(`    ${STATUS_NOTE[view.status]}`);
      const hint = consoleSignal(ctx, console, cue.index, at);
      if (hint) out.push(`    ${hint}`);
    } else if (cue.prompt) out.push(`  > ${STATUS_NOTE['no-actor']}`);
    if (cue.last) out.push(...cue.step.close.map((l) => `"${l}"`));
  }
  const after = resolveConsole(ctx, console, at);
  out.push(
    '',
    '== Dawn Report (from the picks so far) ==',
    renderDawnReport(dawnReport(after, console.phase), text).trimEnd(),
  );
  return `${out.join('\n')}\n`;
}

/** N0, the registry (O-N0): the lines, and who the mod marks as Obsidian and as the Scanner. */
export function renderRegistryScript(ctx: GameContext, phase: string): string {
  const out: string[] = [`${ctx.setup.game.title || 'Obsidian Process'}: narrator's script for ${phase} (Registry)`];
  for (const step of OBSIDIAN_NIGHT_TABLE.setup) {
    out.push(
      '',
      `== ${step.title} ==`,
      ...step.say.map((l) => `"${l}"`),
      ...notes(ctx, step),
      ...step.close.map((l) => `"${l}"`),
    );
  }
  const obsidian = ctx.slots.filter((s) => s.faction === 'obsidian');
  const leader = obsidianExt(ctx).leader;
  out.push('', '== Console registry ==');
  out.push(
    `Obsidian nodes: ${obsidian.map((s) => `${displayName(s)}${s.role ? ` (${s.index === leader ? 'Leader' : s.role})` : ''}`).join(', ') || 'none recorded'}`,
  );
  out.push(
    `Scanner: ${
      ctx.slots
        .filter((s) => s.role === 'Scanner')
        .map(displayName)
        .join(', ') || 'none'
    } (variant ${ctx.setup.options.scanner})`,
  );
  return `${out.join('\n')}\n`;
}

function roleOf(cue: ConsoleCue): string {
  return cue.prompt && 'role' in cue.prompt.actor ? cue.prompt.actor.role : 'Leader';
}

function wakeLine(ctx: GameContext, cue: ConsoleCue): string[] {
  const w = cue.step.wakes;
  if (!w) return [];
  if ('chooser' in w) {
    const members = ctx.slots.filter((s) => s.alive && s.faction === w.faction).map(displayName);
    return [`(wakes: the Obsidian Process: ${members.join(', ') || 'nobody alive'})`];
  }
  if ('role' in w) {
    const holders = ctx.slots.filter((s) => s.alive && s.role === w.role).map(displayName);
    return [`(wakes: ${w.role}: ${holders.join(', ') || 'nobody alive'})`];
  }
  return [`(wakes: ${w.faction} and ${w.roles.join(', ')})`];
}

function notes(ctx: GameContext, step: NightStep): string[] {
  return step.notes.filter((n) => holds(n.when, ctx.setup.options)).map((n) => `- ${n.text}`);
}

/** What to signal an Analyst or Scanner once their pick is recorded, from the picks so far (script and console). */
export function consoleSignal(ctx: GameContext, console: NightConsole, cueIndex: number, at: number): string | null {
  const cue = console.cues[cueIndex];
  if (!cue?.prompt || (cue.prompt.id !== 'analyze' && cue.prompt.id !== 'scan')) return null;
  const entry = console.entries.find((e) => e.cue === cue.index);
  if (!entry || entry.target === null) return null;
  const blocked = enforcedSoFar(
    ctx,
    console.cues,
    console.entries.filter((e) => e.cue < cue.index),
  ).has(entry.actor);
  if (blocked) return 'Signal: no result.';
  const after = resolveConsole(ctx, console, at);
  const r = after.nightResults.find(
    (x) => x.phase === console.phase && x.actor === entry.actor && x.action === cue.prompt?.id,
  );
  if (!r) return null;
  if (r.result === NO_RESULT) return 'Signal: no result.';
  if (cue.prompt.id === 'scan') return `Show the role card: ${r.result}.`;
  return r.result === 'obsidian' ? 'Signal: Thumbs Up (Obsidian).' : 'Signal: Thumbs Down (network).';
}
