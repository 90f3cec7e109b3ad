import { readFileSync } from 'node:fs';
import { isMap, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { ModdeskError } from '../domain/errors.js';
import { type GameFile, gameFileSchema } from '../domain/game-file.js';

/**
 * Reads and validates a game file (interfaces §3). Every error names the file, the line and the key path,
 * says what was expected and gives an example.
 */
export function loadGameFile(file: string): GameFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ModdeskError(
      'file-unreadable',
      `cannot read the game file (${(err as NodeJS.ErrnoException).code ?? err})`,
      { file, cause: err },
    );
  }
  return parseGameFile(text, file);
}

export function parseGameFile(text: string, file: string): GameFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = yamlError.linePos?.[0] ?? lineCounter.linePos(yamlError.pos[0]);
    const place = `line ${pos.line}, column ${pos.col}`;
    throw new ModdeskError('yaml-invalid', `invalid YAML: ${yamlError.message.split('\n')[0]}`, { file, place });
  }
  if (!isMap(doc.contents)) {
    throw new ModdeskError(
      'game-invalid',
      'expected a mapping with ruleset, players and phases, e.g. "ruleset: vanilla"',
      { file, place: 'line 1' },
    );
  }
  const parsed = gameFileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const path = issuePath(issue);
    const node = doc.getIn(issue.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
    const line = node?.range ? `line ${lineCounter.linePos(node.range[0]).line}` : undefined;
    throw new ModdeskError('game-invalid', `${path || '(top level)'}: ${describe(issue)}`, { file, place: line });
  }
  const game = parsed.data;
  if (game.options.phasePost) {
    try {
      new RegExp(game.options.phasePost);
    } catch {
      throw new ModdeskError(
        'game-invalid',
        'options.phasePost: expected a regular expression, e.g. "^Day \\\\d+ (begins|has begun)"',
        { file },
      );
    }
  }
  return game;
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    '',
  );
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message;
}
