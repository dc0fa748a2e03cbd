// Multi-step requests ("build the image, push it, then compose up") name one tool per step. The
// whole request ranks the tools of its strongest words first; splitting it into clauses lets each
// step put its own best tool near the top. A clause ends at a comma, semicolon, colon, dash or
// sentence end, before "then", and before "and"/"or" when a verb follows ("stage changes and
// push" splits; "coupons and discounts" does not). The split words are English; other scripts
// split at punctuation only.
import { verbOfWord } from '../../lexicon/verbs.js';

/** Longest request split; longer ones are searched whole. */
const MAX_CHARS = 500;
/** Most clauses kept (the first ones). */
export const MAX_CLAUSES = 5;

/** Punctuation that ends a clause when a space or the end follows (so `v1.2`, `a,b`, `http://x` stay whole), dashes, CJK marks. */
const BOUNDARY = /[,;:.!?]+(?=\s|$)|\s-\s|[\u2014\u2013\u3001\u3002\uff0c\uff1b]/u;
const WORD = /^[\p{L}\p{N}'’-]+$/u;
const THEN = new Set(['then', 'afterwards', 'finally']);
const AND_OR = new Set(['and', 'or']);
/** Words that may follow a coordinator before the verb ("and also delete", "and then push"). */
const FILLERS = new Set(['also', 'then', 'finally', 'afterwards']);

/**
 * The clauses of a request, in order, each with at least one word; a single-element list when the
 * request is one step. Leading coordinators are dropped from each clause.
 */
export function splitClauses(text: string): string[] {
  if (text.length > MAX_CHARS) return [text];
  const out: string[] = [];
  for (const part of text.split(BOUNDARY)) {
    const words = part
      .trim()
      .split(/\s+/u)
      .filter((w) => w !== '');
    let current: string[] = [];
    const flush = (): void => {
      while (current.length > 0 && (AND_OR.has(current[0]!.toLowerCase()) || FILLERS.has(current[0]!.toLowerCase()))) current.shift();
      if (current.some((w) => WORD.test(w) || /\p{L}/u.test(w))) out.push(current.join(' '));
      current = [];
    };
    words.forEach((word, i) => {
      const lower = word.toLowerCase();
      if (THEN.has(lower) && current.length > 0) flush();
      else if (AND_OR.has(lower) && current.length > 0 && startsWithVerb(words.slice(i + 1))) flush();
      current.push(word);
    });
    flush();
  }
  if (out.length <= 1) return [text];
  return out.slice(0, MAX_CLAUSES);
}

function startsWithVerb(words: readonly string[]): boolean {
  for (const w of words) {
    const lower = w.toLowerCase();
    if (FILLERS.has(lower)) continue;
    return verbOfWord(lower) !== undefined;
  }
  return false;
}
