import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT, verifyPassword } from './passwords.js';

describe('passwords (issue 31 item 2)', () => {
  it('a hash holds scrypt, its parameters and a per-password salt; only the same password verifies', async () => {
    const started = performance.now();
    const a = await hashPassword('correct horse battery');
    const ms = performance.now() - started;
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse battery', b)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    process.stdout.write(`scrypt N=2^${SCRYPT.log2N} r=${SCRYPT.r} p=${SCRYPT.p}: ${ms.toFixed(0)} ms a hash here\n`);
  }, 30_000);

  it('a stored hash with other parameters still verifies; one asking for more than 1 GiB, or mangled, never does', async () => {
    const light = await hashPassword('a long enough password', { log2N: 12, r: 8, p: 1 });
    expect(light.startsWith('scrypt$12$8$1$')).toBe(true);
    expect(await verifyPassword('a long enough password', light)).toBe(true);
    const greedy = light.replace('scrypt$12$', 'scrypt$24$');
    expect(await verifyPassword('a long enough password', greedy)).toBe(false);
    expect(await verifyPassword('a long enough password', light.replace('scrypt$', 'bcrypt$'))).toBe(false);
    expect(await verifyPassword('a long enough password', light.slice(0, -10))).toBe(false);
    expect(await verifyPassword('a long enough password', 'plain text')).toBe(false);
  });
});
