// `npm test` step "install": proves moddesk installs like any CLI. `npm pack` makes the tarball, `npm install -g`
// puts it in a temporary prefix (runtime dependencies only; npm's cache first, the registry for what it lacks),
// then the installed `moddesk` runs `demo` (up to its dashboard link) and `init` against a fake phpBB on 127.0.0.1.
// better-sqlite3's install script is offered, as a local prebuild, the binary this checkout's own install built
// (same version, same Node ABI), instead of compiling it a second time (docs/decisions/0032).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeThread } from '../test/fakes/fake-thread.js';
import { startPhpbbFake } from '../test/fakes/phpbb-fake.js';

const dir = mkdtempSync(join(tmpdir(), 'moddesk-install-'));
const fail = (why: string): never => {
  process.stdout.write(`install check FAILED: ${why}\n`);
  process.exit(1);
};
// The fake forum lives in this process: a command that talks to it must not block the event loop.
const runAsync = (cmd: string, args: string[], cwd: string) =>
  new Promise<string>((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, MODDESK_MIN_GAP_MS: '0' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += String(b)));
    child.stderr.on('data', (b) => (err += String(b)));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : fail(`${cmd} ${args.join(' ')}: exit ${code}\n${out}\n${err}`),
    );
  });
const run = (cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) => {
  const env = { ...process.env, MODDESK_MIN_GAP_MS: '0', ...opts.env };
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts, env });
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

/**
 * A folder holding the binary `npm ci` built for this checkout's better-sqlite3, packed as prebuild-install names and
 * lays out a prebuild (`better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` holding
 * `build/Release/better_sqlite3.node`). prebuild-install unpacks it only for that exact version and ABI, and loads
 * it before saying it installed; any other version, ABI or libc finds no file and compiles as a user's install does.
 */
function localPrebuilds(into: string): string {
  const pkgDir = join(process.cwd(), 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  mkdirSync(into);
  run('tar', ['-czf', join(into, name), '-C', pkgDir, 'build/Release/better_sqlite3.node']);
  return into;
}

try {
  // `npm test` built dist/ just before; packing skips `prepare`, which would build it a second time.
  run('npm', ['pack', '--pack-destination', dir, '--silent', '--ignore-scripts']);
  const tarball = readdirSync(dir).find((f) => /^moddesk-.*\.tgz$/.test(f)) ?? fail('npm pack wrote no tarball');
  const prefix = join(dir, 'prefix');
  run(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      join(dir, tarball),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--allow-scripts=better-sqlite3',
    ],
    // prebuild-install reads `<package>_local_prebuilds` from npm's config, which npm passes on as this variable.
    { cwd: dir, env: { npm_config_better_sqlite3_local_prebuilds: localPrebuilds(join(dir, 'prebuilds')) } },
  );
  const bin = join(prefix, 'bin', 'moddesk');
  // node-gyp leaves its Makefile behind; an unpacked prebuild is the binary alone.
  const compiled = existsSync(
    join(prefix, 'lib', 'node_modules', 'moddesk', 'node_modules', 'better-sqlite3', 'build', 'Makefile'),
  );
  const pkg = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', 'moddesk', 'package.json'), 'utf8'));
  if (
    readdirSync(join(prefix, 'lib', 'node_modules', 'moddesk', 'node_modules')).some((d) =>
      Object.keys(pkg.devDependencies ?? {}).includes(d),
    )
  )
    fail('a devDependency was installed');
  if (!run(bin, ['--help'], { cwd: dir }).includes('init')) fail('moddesk --help does not list init');

  // demo: the bundled game plays on the built-in forum; its dashboard link is printed.
  const demo = spawn(bin, ['demo', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const link = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no dashboard link in: ${out}`)), 60_000);
    demo.stdout.on('data', (b) => {
      out += String(b);
      const m = /dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    demo.on('exit', (code) => reject(new Error(`demo exited ${code}: ${out}`)));
  }).catch((err: Error) => fail(err.message));
  // The link's first visit trades the token for a cookie (a redirect); that answer proves the dashboard is up.
  const page = await fetch(link, { redirect: 'manual' });
  if (page.status >= 400) fail(`the demo dashboard answered ${page.status}`);
  demo.kill('SIGTERM');

  // init: a thread whose opening post lists the players.
  const thread = new FakeThread({ authors: ['Host'] });
  thread.add({
    author: 'Host',
    html: 'Welcome!<br>Players:<br>1. Alice<br>2. <s>Bob</s> Bert<br>3. Cleo<br><br>Rules below.',
  });
  const forum = await startPhpbbFake({ thread, variant: 'mafiascum', timeZone: 'UTC' });
  try {
    const out = await runAsync(bin, ['init', '--url', forum.threadUrl, '--out', join(dir, 'game.yaml')], dir);
    if (!/wrote .*game\.yaml: 3 players/.test(out)) fail(`init said: ${out}`);
    const game = readFileSync(join(dir, 'game.yaml'), 'utf8');
    for (const name of ['Alice', 'Bob', 'Cleo'])
      if (!game.includes(`name: "${name}"`)) fail(`init's game file lacks ${name}:\n${game}`);
    run(bin, ['state', '--game', join(dir, 'game.yaml'), '--posts', '/dev/null'], { cwd: dir });
  } finally {
    await forum.close();
  }
  const sqlite = compiled
    ? 'compiled again, no local prebuild matched'
    : 'the binary npm ci built, as a local prebuild';
  process.stdout.write(
    `install check: ${tarball} installed in a temporary prefix (better-sqlite3: ${sqlite}); demo and init work\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
