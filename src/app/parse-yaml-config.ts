import { closest, distance } from 'fastest-levenshtein';
import { type Document, isMap, LineCounter, parseDocument, visit } from 'yaml';
import { ModdeskError } from '../domain/errors.js';
import type * as z from '../domain/zod.js';

/**
 * Parses a YAML config file against a zod schema. Every error names the file and line, the key path
 * (`players[2].name`), what was expected and, where `exampleFor` knows one, an example.
 */
export function parseYamlConfig<T extends z.ZodMiniType>(
  text: string,
  file: string,
  schema: T,
  opts: { expected: string; exampleFor?: (topKey: string) => string | undefined },
): z.output<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = yamlError.linePos?.[0] ?? lineCounter.linePos(yamlError.pos[0]);
    const first = yamlError.message.split('\n')[0] ?? '';
    const why = unquotedColon(text, yamlError) ?? (/call stack/i.test(first) ? 'nested too deeply' : first);
    throw new ModdeskError('yaml-invalid', `invalid YAML: ${why}`, {
      file,
      place: `line ${pos.line}, column ${pos.col}`,
    });
  }
  if (!isMap(doc.contents))
    throw new ModdeskError('game-invalid', `expected ${opts.expected}`, { file, place: 'line 1' });
  // jitless: zod would otherwise write and compile a parser for every object shape, which pays only over many
  // parses; a config file is parsed once per process (issue 11).
  const parsed = schema.safeParse(toJs(doc, file, lineCounter), { reportInput: true, jitless: true });
  if (parsed.success) return parsed.data;
  // A misspelt key is the cause of the "missing" key beside it: say that first, and where it is.
  const issues = (parsed.error.issues as z.core.$ZodIssue[]).map(unionCause);
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? (issues[0] as z.core.$ZodIssue);
  const keyNode =
    issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined
      ? [...issue.path, issue.keys[0]].map((k) => (typeof k === 'symbol' ? String(k) : k))
      : null;
  const place = lineOf(doc, lineCounter, keyNode ?? (issue.path as (string | number)[]), keyNode !== null);
  const example = opts.exampleFor?.(String(issue.path[0] ?? ''));
  const known = issue.code === 'unrecognized_keys' ? keysAt(schema, issue.path) : [];
  const message = `${keyPath(issue.path) || '(top level)'}: ${describe(issue, known)}${example && !known.length ? `; for example ${example}` : ''}`;
  throw new ModdeskError('game-invalid', message, { file, place });
}

/**
 * A value holding ": " (`title: Mini: Fun`) reads to YAML as a mapping inside a value, which it words as "Nested
 * mappings are not allowed in compact mappings": say instead to quote the value, with the line quoted (m8).
 */
function unquotedColon(text: string, err: { code: string; pos: [number, number] }): string | undefined {
  if (err.code !== 'BLOCK_AS_IMPLICIT_KEY' && err.code !== 'BLOCK_IN_FLOW') return undefined;
  const start = err.pos[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', start);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const at = start - lineStart;
  let value = line.slice(at);
  const comment = value.search(/\s#/);
  if (comment >= 0) value = value.slice(0, comment);
  if (err.code === 'BLOCK_IN_FLOW') value = value.slice(0, Math.max(0, err.pos[1] - start));
  value = value.trim();
  if (!/:(?:\s|$)/.test(value)) return undefined;
  const key = line
    .slice(0, at)
    .trim()
    .replace(/^.*[{,]\s*/, '');
  return `quote the value (it holds ": "), e.g. ${key} ${JSON.stringify(value)}`;
}

/** `line N` of the node at `path` (or of its key), or undefined when the document has no such node. */
export function lineOf(
  doc: Document,
  lineCounter: LineCounter,
  path: (string | number)[],
  keyItself = false,
): string | undefined {
  if (keyItself && path.length) {
    const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
    const pair = isMap(parent)
      ? parent.items.find((p) => String((p.key as { value?: unknown })?.value) === String(path.at(-1)))
      : undefined;
    const range = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
    if (range) return `line ${lineCounter.linePos(range[0]).line}`;
  }
  for (let n = path.length; n >= 0; n -= 1) {
    const node = (n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true)) as
      | { range?: [number, number, number] }
      | undefined;
    if (node?.range) return `line ${lineCounter.linePos(node.range[0]).line}`;
  }
  return undefined;
}

/**
 * What a union's "Invalid input" comes down to (an event matching none of its shapes): a key no shape knows (`kil:`,
 * then named with the nearest known key, m8), else the first issue of the shape that came nearest (no unknown key,
 * fewest issues), at its full path.
 */
function unionCause(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const unknownAt = (branch: z.core.$ZodIssue[]) =>
    branch.find((i) => i.code === 'unrecognized_keys' && i.path.length === 0) as
      | z.core.$ZodIssueUnrecognizedKeys
      | undefined;
  const unknown = issue.errors.map(unknownAt);
  if (unknown.every(Boolean)) {
    const keys = unknown[0]!.keys.filter((k) => unknown.every((u) => u!.keys.includes(k)));
    if (keys.length) return { ...unknown[0]!, keys, path: issue.path };
  }
  const nearest = issue.errors.filter((b) => !unknownAt(b)).sort((a, b) => a.length - b.length)[0]?.[0];
  return nearest ? unionCause({ ...nearest, path: [...issue.path, ...nearest.path] }) : issue;
}

/**
 * The keys a strict object in `schema` allows at `path` (arrays, optionals, defaults and transforms looked through;
 * a union's shapes together).
 */
function keysAt(schema: z.ZodMiniType, path: PropertyKey[]): string[] {
  type Def = {
    innerType?: unknown;
    in?: unknown;
    element?: unknown;
    options?: unknown[];
    shape?: Record<string, unknown>;
  };
  const def = (s: unknown) => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  const unwrap = (s: unknown) => {
    let t = s;
    while (def(t)?.innerType || def(t)?.in) t = def(t)!.innerType ?? def(t)!.in;
    return t;
  };
  let s: unknown = unwrap(schema);
  for (const k of path) {
    s = unwrap(typeof k === 'number' ? def(s)?.element : def(s)?.shape?.[String(k)]);
    if (!s) return [];
  }
  const shapes = def(s)?.options?.map((o) => def(unwrap(o))?.shape ?? {}) ?? [def(s)?.shape ?? {}];
  return [...new Set(shapes.flatMap((shape) => Object.keys(shape)))];
}

/** The document as plain data; an alias bomb (more expansions than `yaml`'s maxAliasCount) names its first alias. */
function toJs(doc: Document, file: string, lineCounter: LineCounter): unknown {
  try {
    return doc.toJS();
  } catch (err) {
    let at: number | undefined;
    visit(doc, {
      Alias(_key, node) {
        at = node.range?.[0];
        return visit.BREAK;
      },
    });
    const place = at === undefined ? undefined : `line ${lineCounter.linePos(at).line}`;
    const message = (err as Error).message ?? String(err);
    const why = /excessive alias/i.test(message) ? 'too many alias expansions (&anchor / *alias)' : message;
    throw new ModdeskError('yaml-invalid', `invalid YAML: ${why}`, { file, place, cause: err });
  }
}

export function keyPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    '',
  );
}

function describe(issue: z.core.$ZodIssue, known: string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const unknown = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    const first = issue.keys[0];
    const near = first !== undefined && known.length ? closest(first, known) : undefined;
    const hint =
      near && distance(first!, near) <= Math.max(2, Math.floor(near.length / 3)) ? `; did you mean "${near}"?` : '';
    return `${unknown}${hint}${known.length ? ` (known keys: ${known.join(', ')})` : ''}`;
  }
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
    return `missing; expected ${issue.expected}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message;
}
