// Negated words in a request: "update my order, not cancel it", "save my work without committing",
// "don't delete the branch". The word a negation governs names what the request does NOT want, so
// it must neither match tools nor set the intent. English cues only: `not`, `never`, `without`,
// and contractions in n't; the governed word is the next word that is not a function word.
import { STOP_WORDS } from './stem.js';

const CUES = new Set(['not', 'never', 'without']);
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** Words skipped between a cue and the word it governs ("not the", "without any", "don't ever"). */
const SKIPPED = new Set(['any', 'ever', 'even', 'just', 'yet']);

function isCue(lower: string): boolean {
  return CUES.has(lower) || /n['’]t$/u.test(lower);
}

/**
 * The request with every negation cue and the word it governs blanked out (same length, spaces),
 * and whether anything was removed. Offsets stay valid, so nothing else shifts.
 */
export function withoutNegated(text: string): { text: string; negated: string[] } {
  const words = [...text.matchAll(WORD)];
  const blank: [number, number][] = [];
  const negated: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const cue = words[i]!;
    if (!isCue(cue[0].toLowerCase())) continue;
    let j = i + 1;
    while (j < words.length && (STOP_WORDS.has(words[j]![0].toLowerCase()) || SKIPPED.has(words[j]![0].toLowerCase()))) j++;
    const governed = words[j];
    blank.push([cue.index, cue.index + cue[0].length]);
    if (governed !== undefined && !isCue(governed[0].toLowerCase())) {
      blank.push([governed.index, governed.index + governed[0].length]);
      negated.push(governed[0]);
      i = j;
    }
  }
  if (blank.length === 0) return { text, negated };
  const chars = [...text.split('')];
  for (const [a, b] of blank) for (let k = a; k < b; k++) chars[k] = ' ';
  return { text: chars.join(''), negated };
}
