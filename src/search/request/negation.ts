// Negated actions in a request: "update my order, not cancel it", "save my work without
// committing", "don't delete the branch". The word a negation cue governs (the next word, past
// adverbs like `ever` and the infinitive `to`) names what the request does NOT want, so it must
// neither match tools nor set the intent. When a function word follows the cue instead ("users
// without an email address", "files not in src"), the cue negates a phrase whose words still say
// what the request is about: only the cue goes. Cues: lexicon/negation.ts.
import { isFunctionWord, isNegationCue, NEGATION_SKIPPED } from '../../lexicon/negation.js';
import { ruleEnabled } from './rule-ablation.js';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * The request with every negation cue and the word it governs blanked out (same length, spaces),
 * and the governed words. Offsets stay valid, so nothing else shifts.
 */
export function withoutNegated(text: string): { text: string; negated: string[] } {
  if (!ruleEnabled('negation')) return { text, negated: [] };
  const words = [...text.matchAll(WORD)];
  const blank: [number, number][] = [];
  const negated: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const cue = words[i]!;
    if (!isNegationCue(cue[0].toLowerCase())) continue;
    blank.push([cue.index, cue.index + cue[0].length]);
    let j = i + 1;
    while (j < words.length && NEGATION_SKIPPED.has(words[j]![0].toLowerCase())) j++;
    const governed = words[j];
    if (governed === undefined) continue;
    const lower = governed[0].toLowerCase();
    if (isNegationCue(lower) || isFunctionWord(lower)) continue;
    blank.push([governed.index, governed.index + governed[0].length]);
    negated.push(governed[0]);
    i = j;
  }
  if (blank.length === 0) return { text, negated };
  const chars = text.split('');
  for (const [a, b] of blank) for (let k = a; k < b; k++) chars[k] = ' ';
  return { text: chars.join(''), negated };
}
