import type { StateJson } from '../../domain/state.js';
import type { GameContext } from '../../machine/context.js';
import {
  holds,
  type NightStep,
  NO_RESULT,
  OBSIDIAN_NIGHT_TABLE,
  obsidianExt,
} from '../../machine/rulesets/obsidian/index.js';
import { text } from '../markup.js';
import { type CueStatus, cueView, enforcedSoFar, type NightConsole } from '../night-console.js';
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

/** The script's heading: the game's title and the variants it runs. */
export interface ScriptHead {
  title: string;
  scanner: string;
  shield: string;
}

/**
 * The narrator's script for one night as plain text, from the state JSON: each step in wake order, with the picks
 * so far, and the Dawn Report the `preview` (the night resolved from those picks) gives.
 */
export function renderNightScript(head: ScriptHead, state: StateJson, c: NightConsole, preview: StateJson): string {
  const label = (player: string | null) =>
    player === null ? 'nobody' : displayName(state.players.find((p) => p.name === player));
  const out: string[] = [`${head.title || 'Obsidian Process'}: narrator's script for ${c.phase}`];
  out.push(`Variants: scanner ${head.scanner}, shield ${head.shield}.`);
  for (const cue of c.cues) {
    const view = cueView(c, cue.index);
    if (!view) continue;
    if (cue.first)
      out.push(
        '',
        `== ${cue.title} ==`,
        ...wakeLine(cue.wakes, label),
        ...cue.say.map((l) => `"${l}"`),
        ...cue.notes.map((n) => `- ${n}`),
      );
    if (cue.prompt && cue.actor !== null) {
      const who = `${cue.prompt.asked} ${label(cue.actor)}`;
      const picked = view.entry
        ? `${label(view.entry.target)}${view.entry.actor !== cue.actor ? ` (picked by ${label(view.entry.actor)})` : ''}${view.entry.postId ? ` [${view.entry.postId}]` : ''}`
        : 'not recorded yet';
      out.push(`  > ${who}: ${cue.prompt.ask} -> ${picked}`);
      if (view.status !== 'open') out.push(`    ${STATUS_NOTE[view.status]}`);
      const hint = consoleSignal(c, cue.index, preview);
      if (hint) out.push(`    ${hint}`);
    } else if (cue.prompt) out.push(`  > ${STATUS_NOTE['no-actor']}`);
    if (cue.last) out.push(...cue.close.map((l) => `"${l}"`));
  }
  out.push(
    '',
    '== Dawn Report (from the picks so far) ==',
    renderDawnReport(dawnReport(preview, c.phase), text).trimEnd(),
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

function notes(ctx: GameContext, step: NightStep): string[] {
  return step.notes.filter((n) => holds(n.when, ctx.setup.options)).map((n) => `- ${n.text}`);
}

function wakeLine(w: NightConsole['cues'][number]['wakes'], label: (name: string) => string): string[] {
  if (!w) return [];
  if ('roles' in w) return [`(wakes: ${w.faction} and ${w.roles.join(', ')})`];
  const members = w.members.map(label).join(', ') || 'nobody alive';
  return 'role' in w ? [`(wakes: ${w.role}: ${members})`] : [`(wakes: the Obsidian Process: ${members})`];
}

/**
 * What to signal an Analyst or Scanner once their pick is recorded (script and console): "no result" when enforced
 * by the picks before them, else what `preview` (the night resolved from the picks) gives them.
 */
export function consoleSignal(c: NightConsole, cueIndex: number, preview: StateJson | null): string | null {
  const cue = c.cues[cueIndex];
  const id = cue?.prompt?.id;
  if (!cue || (id !== 'analyze' && id !== 'scan')) return null;
  const entry = c.entries.find((e) => e.cue === cue.index);
  if (!entry || entry.target === null) return null;
  if (enforcedSoFar(c, cue.index).has(entry.actor)) return 'Signal: no result.';
  const r = preview?.nightResults.find((x) => x.phase === c.phase && x.actor === entry.actor && x.action === id);
  if (!r) return null;
  if (r.result === NO_RESULT) return 'Signal: no result.';
  if (id === 'scan') return `Show the role card: ${r.result}.`;
  return r.result === 'obsidian' ? 'Signal: Thumbs Up (Obsidian).' : 'Signal: Thumbs Down (network).';
}
