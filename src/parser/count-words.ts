/** A vote count's own words, a cheap test before any scan: a post without them is no count (nor a tally at 0). */
export const MENTIONS_COUNT = /(?<![a-z])v\.?c(?![a-z])|vote\s*count|votecount|tally/i;
