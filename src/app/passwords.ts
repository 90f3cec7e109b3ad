import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's first recommendation (N = 2^17, r = 8, p = 1: 128 MiB and 0.7-1.1 s of one core per hash on the
 * shared test machine, docs/decisions/0035): memory-hard, so a stolen database is slow to guess on GPUs too. The
 * parameters are written into each hash, so raising them later leaves the old hashes readable.
 */
export const SCRYPT = { log2N: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** A hash read from the database never makes the desk spend more than this (N = 2^20 is 1 GiB). */
const MAX_LOG2N = 20;

/** The shortest password an account may have. */
export const MIN_PASSWORD = 12;

export interface HashParams {
  log2N: number;
  r: number;
  p: number;
}

/** `scrypt$17$8$1$<salt>$<hash>`, salt and hash in base64url; a fresh random salt for every password. */
export async function hashPassword(password: string, params: HashParams = SCRYPT): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await derive(password, salt, params, SCRYPT.keyLength);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; the keys are compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const params = { log2N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !key) return false;
  if (!(params.log2N >= 10 && params.log2N <= MAX_LOG2N && params.r >= 1 && params.r <= 32 && params.p >= 1))
    return false;
  const expected = Buffer.from(key, 'base64url');
  if (expected.length !== SCRYPT.keyLength) return false;
  const got = await derive(password, Buffer.from(salt, 'base64url'), params, expected.length);
  return timingSafeEqual(got, expected);
}

let queue: Promise<unknown> = Promise.resolve();

/** One hash at a time: a burst of logins costs time, never 128 MiB each at once. */
function derive(password: string, salt: Buffer, h: HashParams, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** h.log2N, r: h.r, p: h.p, maxmem: 256 * 2 ** h.log2N * h.r };
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
