// English negation, as general grammar has it (not from any benchmark): the negative adverbs `not`
// and `never`, the negative preposition `without`, `cannot`, and every contraction in n't
// (`don't`, `isn't`, `can't`, `won't`).
import { STOP_WORDS } from './stem.js';

const CUES: ReadonlySet<string> = new Set(['not', 'never', 'without', 'cannot']);

/** Words that may stand between a cue and the verb it negates: adverbs of degree and time (`never ever`, `not even`, `not yet`) and the infinitive `to` (`careful not to delete`). */
export const NEGATION_SKIPPED: ReadonlySet<string> = new Set(['ever', 'even', 'just', 'yet', 'also', 'to']);

/** A negation cue (lower-case word). */
export function isNegationCue(lower: string): boolean {
  return CUES.has(lower) || /n['’]t$/u.test(lower);
}

/**
 * A function word (article, preposition, pronoun, ...): after a cue it opens a phrase
 * (`without an email address`, `not in src`), so the cue does not negate one action word.
 */
export function isFunctionWord(lower: string): boolean {
  return STOP_WORDS.has(lower) && !NEGATION_SKIPPED.has(lower);
}
