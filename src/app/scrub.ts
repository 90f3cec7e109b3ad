/**
 * Secrets scrubbed from any text that may echo them (architecture invariant 7): log lines, error words kept for
 * the dashboard, the CLI's error line. A server that echoes a request puts a secret there in another form than
 * the one we sent, so each secret is looked for in every form it takes: raw, URL-encoded (`%20` and form `+`),
 * HTML-escaped (named and numeric), JSON-escaped, two of those one over the other, base64 of one of them (at each
 * of the three alignments it can sit at inside a longer encoded text, as in a Basic header), each JSON-escaped
 * once more (a log line is JSON); and a cut-off start of any of them (an error quotes 80 characters, then `…`).
 */

const REDACTED = '[redacted]';
/** The shortest secret scrubbed: shorter values would cut ordinary words out of every line. */
export const MIN_SECRET_LENGTH = 4;
/** The shortest cut-off start of a form that is scrubbed when a quote ends right after it. */
const MIN_PREFIX = 8;

const html = (s: string, apos: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apos);

/** The inner characters of base64(pad + secret) that depend on the secret alone, for each alignment. */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const b64 = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    const start = pad === 0 ? 0 : Math.ceil((pad * 4) / 3);
    const end = Math.floor(((pad + bytes.length) * 4) / 3);
    const inner = b64.slice(start, end);
    if (inner.length >= MIN_SECRET_LENGTH) out.push(inner);
  }
  out.push(bytes.toString('base64'));
  return out;
}

const json = (s: string) => JSON.stringify(s).slice(1, -1);

/** One encoding an echo may apply: each is applied to the secret, and again to what it gives (two layers). */
const STEPS: ((s: string) => string)[] = [
  (s) => s,
  encodeURIComponent,
  (s) => new URLSearchParams({ s }).toString().slice(2),
  (s) => html(s, '&#39;'),
  (s) => html(s, '&#x27;'),
  (s) => html(s, '&apos;'),
  json,
];

/** Every form `secret` may take in an echo (two layers of encoding, base64 of one, JSON-escaped by the log line), longest first. */
export function secretForms(secret: string): string[] {
  const one = new Set(STEPS.map((f) => f(secret)));
  const forms = new Set<string>();
  for (const v of one) {
    for (const f of STEPS) {
      const w = f(v);
      forms.add(w);
      forms.add(json(w));
    }
    for (const b of base64Forms(v)) forms.add(b);
  }
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Replaces every form of every secret in `text`, and a form's cut-off start that a quote ends with. */
export function scrubWith(text: string, forms: readonly string[]): string {
  let out = text;
  for (const f of forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
  for (const f of forms) {
    if (f.length <= MIN_PREFIX) continue;
    const head = f.slice(0, MIN_PREFIX);
    for (let at = out.indexOf(head); at !== -1; at = out.indexOf(head, at + 1)) {
      let n = MIN_PREFIX;
      while (n < f.length && out[at + n] === f[n]) n++;
      const next = out[at + n];
      if (next === '…' || next === undefined || out.startsWith('...', at + n))
        out = `${out.slice(0, at)}${REDACTED}${out.slice(at + n)}`;
    }
  }
  return out;
}

let registered: string[] = [];
const known = new Set<string>();

/** Adds the process's secrets (from the environment and the secrets file) to what `scrubSecrets` removes. */
export function registerSecrets(values: readonly string[]): void {
  for (const v of values) {
    if (v.length < MIN_SECRET_LENGTH || known.has(v)) continue;
    known.add(v);
    registered = [...registered, ...secretForms(v)].sort((a, b) => b.length - a.length);
  }
}

/** `text` with every registered secret scrubbed, in every form. */
export function scrubSecrets(text: string): string {
  return registered.length === 0 ? text : scrubWith(text, registered);
}
