/** The dashboard's style sheet (served as /assets/app.css): phone first, readable focus, no external fonts. */
export const APP_CSS = `
:root { --fg: #1b1f24; --muted: #5b6470; --bg: #f6f7f9; --card: #fff; --line: #d5dae1; --accent: #0b5fff;
  --ok: #137333; --warn: #a05a00; --bad: #b3261e; font-family: system-ui, "Liberation Sans", "DejaVu Sans", sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); line-height: 1.45; font-size: 16px; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #ffb000; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; z-index: 10; }
.skip:focus { left: .5rem; }
.top { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; padding: .6rem 1rem; background: #101828; color: #fff; }
.top a { color: #fff; } .brand { font-weight: 700; text-decoration: none; }
.game-title { font-weight: 600; overflow-wrap: anywhere; } .live-status { margin-left: auto; font-size: .85rem; opacity: .8; }
.tabs { display: flex; flex-wrap: wrap; gap: .25rem; padding: .4rem .6rem; background: #fff; border-bottom: 1px solid var(--line); }
.tabs a { padding: .45rem .7rem; border-radius: .4rem; text-decoration: none; }
.tabs a[aria-current="page"] { background: #e8efff; font-weight: 600; }
.badge { display: inline-block; min-width: 1.4em; padding: 0 .35em; border-radius: 1em; background: var(--bad); color: #fff; font-size: .8rem; text-align: center; }
main { padding: .8rem; max-width: 72rem; margin: 0 auto; }
main:focus { outline: none; }
h1 { font-size: 1.35rem; margin: .3rem 0 .8rem; } h2 { font-size: 1.1rem; margin: 1.2rem 0 .5rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .8rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
.grid { display: grid; gap: 1rem; grid-template-columns: 1fr; }
@media (min-width: 52rem) { .grid { grid-template-columns: 1fr 1fr; } main { padding: 1.2rem; } }
.muted { color: var(--muted); } .small { font-size: .85rem; }
.notice { background: #e6f4ea; border: 1px solid #a8dab5; padding: .6rem .8rem; border-radius: .5rem; }
.notice.warn { background: #fff4e0; border-color: #f0c36d; }
.health .error { margin: 0 0 .8rem; } .health .poll-ok { margin: 0 0 .6rem; } .health-game { margin: 0 0 .6rem; }
.error-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.hammer-ruling { border: 2px solid #d93025; margin: 0 0 1rem; } .hammer-held + .hammer-held { border-top: 1px solid #ddd; padding-top: .6rem; }
.error { background: #fce8e6; border: 1px solid #f4b4ae; padding: .6rem .8rem; border-radius: .5rem; }
.table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; background: #f0f2f5; }
/* A cell never breaks inside a word (a card's overflow-wrap would split "Lighthouse42"): the table scrolls instead. */
th, td { overflow-wrap: normal; word-break: normal; }
/* A phone: one block per row, each cell labelled with its column (stack-table.ts). */
@media (max-width: 40rem) {
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack thead { display: none; } /* each cell says its column (::before, read out too) */
  table.stack tr { border-bottom: 1px solid var(--line); padding: .35rem 0; }
  /* The label floats in the cell's left padding, and the cell (its own formatting context) grows to hold it: a label
     that wraps ("Abort window") pushes the next row down instead of printing over it (m11). */
  table.stack td { display: flow-root; border: 0; padding: .12rem .4rem .12rem 6.6rem; overflow-wrap: break-word; }
  table.stack td::before { content: attr(data-label); float: left; width: 5.8rem; margin-left: -6.2rem; font-weight: 600; color: var(--muted); font-size: .85rem; }
  table.stack td:empty { display: none; }
  table.stack td:first-child { padding-left: .4rem; font-weight: 600; }
  table.stack td:first-child::before { content: none; }
}
.dead { color: var(--muted); } .dead .name { text-decoration: line-through; }
.status { display: inline-block; padding: .05rem .45rem; border-radius: .3rem; font-size: .8rem; font-weight: 600; background: #eef0f3; }
.status-pending, .status-open, .status-in-flight { background: #fff4e0; color: var(--warn); }
.status-approved, .status-posted, .status-accepted, .status-landed { background: #e6f4ea; color: var(--ok); }
.status-rejected, .status-superseded, .status-ignored, .status-aborted, .status-intercepted { background: #eef0f3; color: var(--muted); }
.countdown { font-variant-numeric: tabular-nums; font-weight: 600; white-space: nowrap; }
.rendered { background: #fbfbfd; border: 1px dashed var(--line); border-radius: .4rem; padding: .6rem; }
.rendered p { margin: 0 0 .5rem; } blockquote { margin: .4rem 0; padding: .3rem .7rem; border-left: 3px solid var(--line); color: #333; }
blockquote.excluded { background: #f3f4f6; border-left-color: #9aa4b2; }
.excluded-tag { display: block; font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
details.spoiler { border: 1px solid var(--line); border-radius: .3rem; padding: .2rem .5rem; margin: .3rem 0; }
span.spoiler { background: #333; color: #333; } span.spoiler:hover, span.spoiler:focus { color: #fff; }
textarea { width: 100%; min-height: 10rem; font: .9rem/1.4 ui-monospace, "DejaVu Sans Mono", monospace; padding: .5rem; }
input[type=text], select { font: inherit; padding: .45rem; max-width: 100%; }
button, .button { font: inherit; padding: .55rem .9rem; border-radius: .45rem; border: 1px solid #9aa4b2; background: #fff; cursor: pointer; min-height: 2.75rem; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
button.danger { border-color: var(--bad); color: var(--bad); }
button:disabled { opacity: .45; cursor: not-allowed; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .6rem 0; }
.actions form { display: inline; margin: 0; }
.field { display: flex; flex-direction: column; gap: .2rem; margin: .4rem 0; }
.field:has(> input[type=checkbox]) { flex-direction: row; align-items: center; gap: .5rem; } input[type=checkbox] { width: 1.2rem; height: 1.2rem; flex: none; }
pre.diff { background: #0f172a; color: #e2e8f0; padding: .6rem; border-radius: .4rem; overflow-x: auto; font-size: .85rem; }
.diff .add { color: #86efac; } .diff .del { color: #fca5a5; }
.quote-post { background: #fafafa; border-left: 3px solid var(--accent); padding: .4rem .7rem; margin: .4rem 0; max-height: 16rem; overflow: auto; }
.say { font-size: 1.15rem; font-style: italic; background: #101828; color: #f8fafc; padding: .8rem 1rem; border-radius: .6rem; margin: .5rem 0; }
.cue-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; justify-content: space-between; }
.targets { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: .5rem; margin: .6rem 0; }
.targets button { min-height: 3.2rem; font-size: 1.05rem; overflow-wrap: anywhere; }
.targets button[aria-pressed="true"] { background: #e8efff; border-color: var(--accent); font-weight: 700; }
.console-nav { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; }
.console-nav button { min-height: 3.4rem; font-size: 1.05rem; width: 100%; }
.console-nav form { margin: 0; }
.cue-list li.current { font-weight: 700; }
svg.timeline, svg.timeline-narrow { width: 100%; height: auto; background: #fff; border: 1px solid var(--line); border-radius: .4rem; }
svg.timeline-narrow { display: none; }
@media (max-width: 40rem) { svg.timeline { display: none; } svg.timeline-narrow { display: block; } }
svg .halo { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem 1rem; font-size: .9rem; list-style: none; padding: 0; }
.legend svg { vertical-align: -2px; }
.fold > summary { cursor: pointer; min-height: 2.75rem; padding: .4rem 0; }
.public-count-post h3 { font-size: 1rem; margin: .8rem 0 .4rem; }
ul.superseded { list-style: none; padding: 0; margin: .4rem 0; } ul.superseded li { padding: .35rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
`;
