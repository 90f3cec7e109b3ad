import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const IMPURE = [
  /from ['"](node:)?(fs|http|https|net|child_process|fs\/promises)['"]/,
  /from ['"](undici|better-sqlite3|pino|snoowrap)['"]/,
  /from ['"]\.\.\/(\.\.\/)*(adapters|storage|app|web)\//,
  /\bDate\.now\(/,
  /\bnew Date\(\)/,
  /\bMath\.random\(/,
  /\bsetTimeout\(/,
  /\bsetInterval\(/,
  /\bprocess\./,
];

/** The layers, lowest first: a file imports only from its own layer or one below (adapters sit beside parser). */
const LAYERS: Record<string, number> = {
  domain: 0,
  parser: 1,
  adapters: 1,
  machine: 2,
  reporter: 3,
  storage: 4,
  app: 5,
  web: 6,
  cli: 7,
};

/** Each source file's relative imports (static, type-only and dynamic), as paths from the checkout. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources('src')) {
    const text = readFileSync(join(root, file), 'utf8');
    const deps = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) =>
      relative(root, resolve(root, dirname(file), m[1] as string)).replace(/\.js$/, '.ts'),
    );
    graph.set(file, deps);
  }
  return graph;
}

const layerOf = (file: string) => file.split('/')[1] as string;

/** Strongly connected components with more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1) out.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('architecture invariants', () => {
  const graph = importGraph();

  it('every import runs downward: domain ← parser ← machine ← reporter ← storage ← app ← web ← cli (adapters beside parser)', () => {
    expect(Object.keys(LAYERS).sort()).toEqual(
      readdirSync(join(root, 'src'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
    const upward: string[] = [];
    for (const [file, deps] of graph) {
      const from = LAYERS[layerOf(file)] as number;
      for (const dep of deps) {
        const to = LAYERS[layerOf(dep)] as number;
        if (to > from || (to === from && layerOf(dep) !== layerOf(file))) upward.push(`${file} → ${dep}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('storage keeps the desk’s records: it imports only the domain layer (issue 29)', () => {
    const above = [...graph]
      .filter(([file]) => layerOf(file) === 'storage' && !file.includes('.test.'))
      .flatMap(([file, deps]) =>
        deps.filter((d) => !['storage', 'domain'].includes(layerOf(d))).map((d) => `${file} → ${d}`),
      );
    expect(above).toEqual([]);
  });

  it('a ruleset is reached only through its index.ts (machine/rulesets/<name>/, reporter/<name>/)', () => {
    const names = readdirSync(join(root, 'src', 'machine', 'rulesets'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(names.sort()).toEqual(['defcon', 'obsidian', 'vanilla']);
    const folders = names.flatMap((n) => [`src/machine/rulesets/${n}/`, `src/reporter/${n}/`]);
    const deep: string[] = [];
    for (const [file, deps] of graph) {
      for (const dep of deps) {
        const folder = folders.find((f) => dep.startsWith(f));
        if (folder && !file.startsWith(folder) && dep !== `${folder}index.ts`) deep.push(`${file} → ${dep}`);
      }
    }
    expect(deep).toEqual([]);
  });

  it('nothing branches on a ruleset name outside its folders (one registry; decision 0011)', () => {
    const names = ['vanilla', 'defcon', 'obsidian'];
    const own = names.flatMap((n) => [`src/machine/rulesets/${n}/`, `src/reporter/${n}/`]);
    // The two commands that are one ruleset's own say so by name; `obsidian` is also a winner (the faction).
    const allowed = [
      /^src\/cli\/draw-command\.ts: .*'defcon'/,
      /^src\/cli\/script-command\.ts: .*'obsidian'/,
      /^src\/cli\/init-command\.ts: .*'vanilla'\)$/,
      /'network', 'obsidian', 'none'/,
      /'network' | 'obsidian' | 'none'/,
    ];
    const named: string[] = [];
    for (const file of sources('src')) {
      if (own.some((f) => file.startsWith(f))) continue;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line) => {
          const hit = `${file}: ${line.trim()}`;
          if (names.some((n) => line.includes(`'${n}'`)) && !allowed.some((re) => re.test(hit))) named.push(hit);
        });
    }
    expect(named).toEqual([]);
  });

  it("the dashboard (src/web) reads the state JSON and the view model, never the machine's internals (#16)", () => {
    const reads = [...graph]
      .filter(([file]) => file.startsWith('src/web/'))
      .flatMap(([file, deps]) => deps.filter((d) => d.startsWith('src/machine/')).map((d) => `${file} → ${d}`));
    expect(reads).toEqual([]);
  });

  it('no import circles in src/', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('the checks can fail: an upward import and a circle are found', () => {
    const bad = new Map([
      ['src/machine/a.ts', ['src/app/b.ts', 'src/machine/c.ts']],
      ['src/machine/c.ts', ['src/machine/a.ts']],
    ]);
    expect(circles(bad)).toEqual([['src/machine/a.ts', 'src/machine/c.ts']]);
    expect(LAYERS[layerOf('src/app/b.ts')]).toBeGreaterThan(LAYERS[layerOf('src/machine/a.ts')] as number);
  });

  it.each(['src/parser', 'src/machine', 'src/reporter'])(
    'invariant 1: %s is pure (no I/O, clock or randomness)',
    (dir) => {
      const offenders: string[] = [];
      for (const file of sources(dir)) {
        const text = readFileSync(join(root, file), 'utf8');
        text.split('\n').forEach((line, i) => {
          if (IMPURE.some((re) => re.test(line))) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
      expect(offenders).toEqual([]);
    },
  );

  it('invariant 4: snoowrap is imported (or required when used) in at most one file', () => {
    const importers = sources('src').filter((f) =>
      /from ['"]snoowrap['"]|\(['"]snoowrap['"]\)/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(importers).toEqual(['src/adapters/reddit/snoowrap-gateway.ts']);
  });

  it('zod is read through src/domain/zod.ts alone: one API (zod/mini), and its English issue words always set (decision 0046)', () => {
    const importers = sources('src').filter((f) =>
      /from ['"]zod(\/[^'"]*)?['"]/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(importers).toEqual(['src/domain/zod.ts']);
  });
});
