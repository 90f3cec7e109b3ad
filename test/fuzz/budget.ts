/**
 * How far the seeded fuzz properties go. `npm test` runs each property 2,000 times with one seed (the same inputs
 * every run, so more runs of it re-check what has passed); `npm run fuzz` goes to 20,000, and MODDESK_FUZZ_RUNS /
 * MODDESK_FUZZ_SEED go further or elsewhere.
 */
export const FUZZ_RUNS = Number(process.env.MODDESK_FUZZ_RUNS ?? 2_000);
export const FUZZ_SEED = Number(process.env.MODDESK_FUZZ_SEED ?? 20261201);
