#!/usr/bin/env node
// Dev tool: the shared scorer's comparison (../shared/eval-data/scorer/run.mjs), done in one process over the
// sources (run with `node --import tsx`) with parsing memoised, so a reading can be tried on all 66 games in a minute. The figures
// to quote come from the real scorer; this one is for iterating.
//
//   node --import tsx scripts/score-in-process.mjs <games-dir> [--show N] [--game T] [--json FILE] [--mix]
//
// --mix: the confidence mix, the votes standing at each day's end counted silently (sure) or counted and flagged
// (doubtful), and the votes cast that day a reading refused (not counted, flagged); with --show, each refusal.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.join(root, '..', 'shared', 'eval-data', 'scorer', 'common.mjs');
const { NO_LYNCH, fmtPct } = await import(shared);
const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { replay, replayCuts } = await import(path.join(root, 'src/reporter/replay.ts'));
const { toStateJson } = await import(path.join(root, 'src/machine/to-state-json.ts'));
const { extractActions } = await import(path.join(root, 'src/parser/extract-actions.ts'));

const argv = process.argv.slice(2);
const opts = { show: 0, games: [], json: null, mix: false };
const dirs = [];
for (let i = 0; i < argv.length; i += 1) {
  const a = argv[i];
  if (a === '--show') opts.show = Number(argv[++i]);
  else if (a === '--game') opts.games.push(argv[++i]);
  else if (a === '--json') opts.json = argv[++i];
  else if (a === '--mix') opts.mix = true;
  else dirs.push(path.resolve(a));
}

const parseMemo = new Map();
const parse = (html, o) => {
  const k = `${o.channel}\u0000${(o.syntax ?? []).join()}\u0000${html}`;
  let r = parseMemo.get(k);
  if (!r) {
    r = extractActions(html, o);
    parseMemo.set(k, r);
  }
  return r;
};

const { makeNamer, toolVotes, modVotes, fmtPair } = await import(path.join(root, 'scripts/compare-counts.mjs'));

function lynchOf(j, day, slotOf) {
  const elim = (j.eliminations ?? []).find((x) => x.cause === 'lynch' && (!x.phase || x.phase === `D${day}`));
  const v = j.votes || {};
  const thr = Number.isFinite(v.threshold) ? v.threshold : null;
  let lynch = '(none)';
  if (elim) lynch = slotOf(elim.name);
  else if (thr !== null) {
    const w = (v.wagons ?? []).find((x) => (x.count ?? x.voters?.length ?? 0) >= thr);
    if (w) lynch = slotOf(w.target);
    else if ((v.noLynch?.count ?? 0) >= thr) lynch = NO_LYNCH;
  }
  const ended = !!(j.phase?.endedAt || j.phase?.endReason) || !!elim;
  if (ended && lynch === '(none)' && j.phase?.endReason === 'threshold') lynch = NO_LYNCH;
  return lynch;
}

const tot = { vcs: 0, exact: 0, tp: 0, toolN: 0, modN: 0, lynchN: 0, lynchOk: 0, hamN: 0, hamOk: 0 };
const hammerMisses = [];
// --mix: the votes standing at each day's end by how they were read (sure: counted silently; doubtful: counted
// and flagged), and the votes cast that day that a reading refused (not counted, flagged), by flag.
const REFUSED = new Set(['target-unknown', 'target-ambiguous', 'target-doubtful', 'vote-form-refused', 'quote-broken']);
const mix = { silent: 0, flagged: 0, refused: {}, via: {} };
const misses = [];
const dayMisses = [];
for (const dir of dirs) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  for (const { thread } of manifest.games) {
    if (opts.games.length && !opts.games.includes(thread)) continue;
    const e = JSON.parse(fs.readFileSync(path.join(dir, thread, 'expected.json'), 'utf8'));
    const posts = loadDump(path.join(dir, thread, 'posts.jsonl'));
    const slotOf = makeNamer(e);
    for (const d of e.days) {
      const game = loadGameFile(path.join(dir, thread, `day-${d.day}.game.yaml`));
      // One replay of the day answers its every count and its end (interfaces §4, several cuts in one call).
      const cuts = [...d.voteCounts.map((vc) => vc.through.id), d.transition.id].map((through) => ({ through }));
      const states = replayCuts(game, posts, cuts, parse).map((r) => toStateJson(r.context, null));
      for (const [i, vc] of d.voteCounts.entries()) {
        const j = states[i];
        const tool = toolVotes(j, slotOf);
        const mod = modVotes(vc);
        const lynched = new Set(
          (j.eliminations ?? [])
            .filter((x) => x.cause === 'lynch' && (!x.phase || x.phase === `D${d.day}`))
            .map((x) => slotOf(x.name)),
        );
        for (const side of [tool, mod]) {
          for (const p of [...side.pairs]) if (lynched.has(p.split('\u0000')[0])) side.pairs.delete(p);
          if (side.notVoting) for (const l of lynched) side.notVoting.delete(l);
        }
        const tp = [...tool.pairs].filter((p) => mod.pairs.has(p)).length;
        const missing = [...mod.pairs].filter((p) => !tool.pairs.has(p)).map(fmtPair);
        const extra = [...tool.pairs].filter((p) => !mod.pairs.has(p)).map(fmtPair);
        let nvM = [];
        let nvE = [];
        if (mod.notVoting) {
          const tn = tool.notVoting || new Set();
          nvM = [...mod.notVoting].filter((x) => !tn.has(x));
          nvE = [...tn].filter((x) => !mod.notVoting.has(x));
        }
        const exact = !missing.length && !extra.length && !nvM.length && !nvE.length;
        tot.vcs += 1;
        tot.exact += exact ? 1 : 0;
        tot.tp += tp;
        tot.toolN += tool.pairs.size;
        tot.modN += mod.pairs.size;
        if (!exact)
          misses.push({
            thread,
            day: d.day,
            post: vc.post.number,
            through: vc.through.number,
            missing,
            extra,
            nvM,
            nvE,
          });
      }
      const j = states.at(-1);
      if (opts.mix) {
        for (const w of [...(j.votes?.wagons ?? []), j.votes?.noLynch].filter(Boolean))
          for (const r of w.readings ?? []) {
            mix.via[`${r.via}/${r.confidence}`] = (mix.via[`${r.via}/${r.confidence}`] ?? 0) + 1;
            mix[r.confidence === 'sure' ? 'silent' : 'flagged'] += 1;
          }
        const dayPosts = new Set(posts.slice(d.start.number, d.transition.number + 1).map((p) => p.id));
        for (const f of j.flags ?? [])
          if (REFUSED.has(f.code) && dayPosts.has(f.postId)) {
            mix.refused[f.code] = (mix.refused[f.code] ?? 0) + 1;
            if (opts.show) console.log(`refused ${thread} D${d.day} ${f.code} ${f.actor}: ${f.message}`);
          }
      }
      if (d.compareHammer) {
        // The scorer's hammer post: the post stamped with the day's end, else the first post whose state has ended.
        const ended = (x) =>
          !!(x.phase?.endedAt || x.phase?.endReason) ||
          (x.eliminations ?? []).some((e) => e.cause === 'lynch' && (!e.phase || e.phase === `D${d.day}`));
        let hammer = null;
        if (ended(j)) {
          const range = posts.slice(d.start.number, d.transition.number + 1);
          const at = j.phase?.endedAt ? Date.parse(j.phase.endedAt) : null;
          const stamped = at === null ? [] : range.filter((p) => Date.parse(p.createdAt) === at);
          if (stamped.length === 1) hammer = stamped[0].number;
          else {
            let lo = 0;
            let hi = range.length - 1;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              const s = toStateJson(replay(game, posts, { through: range[mid].id }, parse).context, null);
              if (ended(s)) hi = mid;
              else lo = mid + 1;
            }
            hammer = range[lo]?.number ?? null;
          }
        }
        const w = d.hammerWindow;
        tot.hamN += 1;
        if (w && hammer !== null && hammer >= w.from.number && hammer <= w.to.number) tot.hamOk += 1;
        else
          hammerMisses.push(
            `hammer ${thread} D${d.day}: tool day end post ${hammer ?? '-'}, window ${w ? `${w.from.number}-${w.to.number}` : '-'}`,
          );
      }
      if (d.compareLynch) {
        const exp = d.outcome
          ? d.outcome.kind === 'lynch'
            ? d.outcome.player
            : d.outcome.reason === 'no lynch'
              ? NO_LYNCH
              : '(none)'
          : null;
        const got = lynchOf(j, d.day, slotOf);
        tot.lynchN += 1;
        if (exp !== null && got === exp) tot.lynchOk += 1;
        else dayMisses.push(`day ${thread} D${d.day}: expected ${exp}, tool ${got}`);
      }
    }
  }
}
for (const m of misses.slice(0, opts.show)) {
  const parts = [
    m.missing.length ? `mod-only ${m.missing.join(', ')}` : '',
    m.extra.length ? `tool-only ${m.extra.join(', ')}` : '',
    m.nvM.length ? `not-voting mod-only ${m.nvM.join(', ')}` : '',
    m.nvE.length ? `not-voting tool-only ${m.nvE.join(', ')}` : '',
  ];
  console.log(
    `mismatch ${m.thread} D${m.day} VC post ${m.post} (through ${m.through}): ${parts.filter(Boolean).join('; ')}`,
  );
}
if (opts.show) for (const l of [...dayMisses, ...hammerMisses].slice(0, opts.show)) console.log(l);
if (opts.mix) {
  const refused = Object.values(mix.refused).reduce((a, b) => a + b, 0);
  console.log(
    `mix: ${mix.silent} counted silently, ${mix.flagged} counted and flagged, ${refused} refused (not counted, flagged)`,
  );
  console.log(JSON.stringify({ refused: mix.refused, via: mix.via }));
}
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ misses, dayMisses, hammerMisses }, null, 1));
console.log(
  `in-process: ${tot.exact}/${tot.vcs} VCs exact (${fmtPct(tot.exact, tot.vcs)}%), precision ${fmtPct(tot.tp, tot.toolN)}% recall ${fmtPct(tot.tp, tot.modN)}%, lynch ${tot.lynchOk}/${tot.lynchN}, hammer post ${tot.hamOk}/${tot.hamN}`,
);
