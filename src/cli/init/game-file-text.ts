import type { PlatformName, RulesetName } from '../../domain/game-file.js';
import type { RosterSlot } from './opening-post.js';
import type { VotingRule } from './voting-rules.js';

export interface InitGuess {
  title: string;
  moderator: string;
  platform: PlatformName;
  url: string;
  timezone: string;
  ruleset: RulesetName;
  start: string;
  deadline: string | null;
  slots: RosterSlot[];
  /** The voting rules the opening post states (`readVotingRules`). */
  rules?: VotingRule[];
}

const q = (s: string) => JSON.stringify(s);

/** The commented game file `moddesk init` writes (interfaces §3): every guess marked, what to check said. */
export function gameFileText(g: InitGuess): string {
  const replaced = g.slots.filter((s) => s.replacedBy.length);
  const lines = [
    `# Written by \`moddesk init\` from the opening post of ${g.url}.`,
    '# Check every line marked "guessed" before the first count; the format is in docs/guide.md and interfaces §3.',
    `ruleset: ${g.ruleset}`,
    `title: ${q(g.title)}`,
    `moderator: ${q(g.moderator)}  # guessed: the opening post's author`,
    `timezone: ${g.timezone}  # guessed: shown in drafts only; set the zone your deadlines are announced in`,
    `thread: { platform: ${g.platform}, url: ${q(g.url)} }`,
    `# ${g.slots.length} players, guessed from the roster in the opening post, each as the slot's first player.`,
    'players:',
    ...g.slots.map(
      (s) =>
        `  - { name: ${q(s.name)} }${s.replacedBy.length ? `  # later: ${s.replacedBy.join(', ')} (add a replace event with its time)` : ''}`,
    ),
    '# Phases in order; each starts at `start` and ends at its deadline (or when the next one starts).',
    'phases:',
    `  - { name: D1, start: ${q(g.start)}${g.deadline ? `, deadline: ${q(g.deadline)}` : ''} }  # guessed: the opening post's time`,
  ];
  lines.push(...optionLines(g.rules ?? []));
  if (replaced.length) {
    lines.push(
      '# Replacements the opening post shows; uncomment each with the time the new player came in.',
      '# events:',
      ...replaced.flatMap((s) => {
        let from = s.name;
        return s.replacedBy.map((by) => {
          const line = `#   - { at: "YYYY-MM-DDTHH:MM:SSZ", replace: ${q(from)}, by: ${q(by)} }`;
          from = by;
          return line;
        });
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The rules as `options`, each with the sentence it was read from, for the moderator to confirm or delete. */
function optionLines(rules: VotingRule[]): string[] {
  if (rules.length === 0) return [];
  const says = (r: VotingRule) => `  # guessed from the opening post: ${q(r.sentence)}`;
  const top = rules.filter((r) => !r.key.startsWith('voteReading.'));
  const reading = rules.filter((r) => r.key.startsWith('voteReading.'));
  return [
    '# Voting rules read from the opening post: keep each only if the quoted sentence means it (docs/game-file.md).',
    'options:',
    ...top.map((r) => `  ${r.key}: ${JSON.stringify(r.value)}${says(r)}`),
    ...(reading.length
      ? [
          '  voteReading:',
          ...reading.map((r) => `    ${r.key.slice('voteReading.'.length)}: ${JSON.stringify(r.value)}${says(r)}`),
        ]
      : []),
  ];
}
