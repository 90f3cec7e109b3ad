import type { ActivityJson, PlayerJson, StateJson } from '../../domain/state.js';
import { type Html, html } from '../html.js';

/**
 * Under the game page's count: the house rules in force (docs/rules/house-rules.md), in words: vote modifiers
 * (H-VM*), the vote lock (H-WV2), posts today and prods (H-AC1/H-AC2). Names are escaped by `html`.
 */
export function houseRulesBlock(state: StateJson): Html | string {
  const rules = state.players.filter((p) => p.alive).flatMap((p) => modifierWords(p, state));
  const lock = state.votes.locked ? 'Votes are locked: once a player has voted, they cannot unvote or change.' : null;
  const activity = state.activity ?? [];
  if (rules.length === 0 && lock === null && activity.length === 0) return '';
  return html`<div class="house-rules" aria-label="House rules">
${rules.length || lock ? html`<h3 class="small">House rules</h3><ul class="small">${rules.map((r) => html`<li>${r}</li>`)}${lock ? html`<li><strong>${lock}</strong></li>` : ''}</ul>` : ''}
${activity.length ? html`<h3 class="small">Posts today</h3><ul class="small">${activity.map((a) => html`<li>${activityWords(a)}</li>`)}</ul>` : ''}
</div>`;
}

function modifierWords(p: PlayerJson, state: StateJson): string[] {
  const out: string[] = [];
  const threshold = state.votes.threshold;
  const needed = state.votes.wagons.find((w) => w.target === p.name)?.needed;
  const toLynch = (d: number) => needed ?? (threshold === null ? null : Math.max(1, threshold + d));
  if (p.voteWeight !== 1) {
    const split = p.modifiers.includes('split-vote') ? ', and may split them between players' : '';
    out.push(`${p.name}'s vote counts ${p.voteWeight} times${split}.`);
  }
  if (p.modifiers.includes('loved')) out.push(`${p.name} is loved: ${said(toLynch(1))} one vote more than the others.`);
  if (p.modifiers.includes('hated'))
    out.push(`${p.name} is hated: ${said(toLynch(-1))} one vote fewer than the others.`);
  if (p.modifiers.includes('voteless')) out.push(`${p.name} may not vote.`);
  if (p.modifiers.includes('unvotable')) out.push(`${p.name} cannot be voted for.`);
  return out;
}

const said = (n: number | null) => (n === null ? 'it takes' : `it takes ${n} to lynch them,`);

function activityWords(a: ActivityJson): string {
  const posts = `${a.name}: ${a.posts} post${a.posts === 1 ? '' : 's'}`;
  if (a.hoursLeft === null) return posts;
  if (a.hoursLeft <= 0) return `${posts}; prod due (${hours(-a.hoursLeft)} past the prod time)`;
  return `${posts}; prod in ${hours(a.hoursLeft)}`;
}

const hours = (h: number) => (h === 1 ? '1 hour' : `${h} hours`);
