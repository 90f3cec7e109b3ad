import { isMap, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { ModdeskError } from '../domain/errors.js';

/**
 * Parses a YAML config file against a zod schema. Every error names the file and line, the key path
 * (`players[2].name`), what was expected and, where `exampleFor` knows one, an example.
 */
export function parseYamlConfig<T extends z.ZodType>(
  text: string,
  file: string,
  schema: T,
  opts: { expected: string; exampleFor?: (topKey: string) => string | undefined },
): z.infer<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = yamlError.linePos?.[0] ?? lineCounter.linePos(yamlError.pos[0]);
    throw new ModdeskError('yaml-invalid', `invalid YAML: ${yamlError.message.split('\n')[0]}`, {
      file,
      place: `line ${pos.line}, column ${pos.col}`,
    });
  }
  if (!isMap(doc.contents))
    throw new ModdeskError('game-invalid', `expected ${opts.expected}`, { file, place: 'line 1' });
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const node = doc.getIn(issue.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
  const place = node?.range ? `line ${lineCounter.linePos(node.range[0]).line}` : undefined;
  const example = opts.exampleFor?.(String(issue.path[0] ?? ''));
  const message = `${keyPath(issue.path) || '(top level)'}: ${describe(issue)}${example ? `; for example ${example}` : ''}`;
  throw new ModdeskError('game-invalid', message, { file, place });
}

export function keyPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    '',
  );
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  }
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message;
}
