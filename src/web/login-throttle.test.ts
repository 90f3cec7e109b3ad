import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle.js';

describe('login throttle (issue 31 item 2)', () => {
  it('after 5 failures an account is refused for 15 minutes from the first, from any address', () => {
    let now = 1_000_000;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect(t.wait('alice', `10.0.0.${i}`)).toBe(0);
      t.failed('alice', `10.0.0.${i}`);
      now += 1000;
    }
    expect(t.wait('Alice', '10.9.9.9')).toBe(LOGIN_LIMITS.windowMs - 5000);
    expect(t.wait('bob', '10.9.9.9')).toBe(0);
    now += LOGIN_LIMITS.windowMs - 5000;
    expect(t.wait('alice', '10.0.0.1')).toBe(0);
  });

  it('after 20 failures one address is refused for every name; a success clears the account, not the address', () => {
    let now = 0;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) t.failed(`name${i}`, '192.0.2.7');
    expect(t.wait('someone-new', '192.0.2.7')).toBeGreaterThan(0);
    expect(t.wait('someone-new', '192.0.2.8')).toBe(0);
    t.failed('carol', '192.0.2.9');
    t.succeeded('carol');
    expect(t.wait('name1', '192.0.2.7')).toBeGreaterThan(0);
    now = LOGIN_LIMITS.windowMs + 1;
    expect(t.wait('someone-new', '192.0.2.7')).toBe(0);
  });
});
