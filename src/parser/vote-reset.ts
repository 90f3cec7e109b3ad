/**
 * P4: a moderator's post that says the votes are reset now ("vote count is reset", "the votes have been all
 * reset to null"). Only the present or past: "I'll reset the vote count", "votes will be reset at the start of
 * each day" (rules posts) and "votes reset each day" do not read as a reset.
 */
const SUBJECT = String.raw`\b(?:all\s+)?(?:the\s+)?(?:votes?|vote\s?counts?|votecounts?|wagons?)`;
const COPULA = "(?:is|are|was|were|has|have|'s|'ve)";
const FILLER = String.raw`(?:\s+(?:now|all|been|just|officially))*`;
const NOT_A_RULE = String.raw`(?!\s+(?:at|each|every|when|whenever|after|on|between|if|daily)\b)`;
export const RESET_NOW = new RegExp(
  `${SUBJECT}\\s+${COPULA}${FILLER}\\s+reset\\b${NOT_A_RULE}|\\bi(?:\\s+have|'ve)?\\s+(?:just\\s+)?reset\\s+(?:all\\s+)?(?:the\\s+)?(?:votes|vote\\s?count)\\b${NOT_A_RULE}`,
  'i',
);

/** `text` is the poster's own text (quotes left out). */
export function announcesVoteReset(text: string): boolean {
  // Both forms hold the word: a plain search rules out nearly every post before the pattern is tried at each word.
  return text.length < 200_000 && HAS_RESET.test(text) && RESET_NOW.test(text);
}

const HAS_RESET = /reset/i;
