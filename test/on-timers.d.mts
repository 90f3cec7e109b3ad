/** test/on-timers.mjs: files npm test runs in a vitest of their own. */
export declare const ON_TIMERS: readonly string[];
