// Typo correction for query terms missing from the vocabulary ("shipmnt" -> "shipment", "lsit" ->
// "list"), with an edit distance (a transposition of two letters is one edit) bounded by the term's length.
import { osaDistance } from './edit-distance.js';

export interface Correction {
  from: string;
  to: string;
  distance: number;
}

/** Largest edit distance accepted for a term of this length (0: too short to correct safely). */
export function maxDistance(length: number): number {
  if (length < 4) return 0;
  if (length <= 5) return 1;
  if (length <= 9) return 2;
  return 3;
}

/** The vocabulary bucketed by term length, so a lookup only compares terms of a close length. */
export class FuzzyVocabulary {
  #byLength: Map<number, string[]> | undefined;
  #vocabulary: (() => Iterable<string>) | undefined;
  readonly #frequency: (term: string) => number;

  /** A function as `vocabulary` is called on the first correction (most searches need none: a persisted index opens without it). */
  constructor(vocabulary: Iterable<string> | (() => Iterable<string>), frequency: (term: string) => number) {
    this.#frequency = frequency;
    if (typeof vocabulary === 'function') this.#vocabulary = vocabulary;
    else this.#byLength = FuzzyVocabulary.#bucket(vocabulary);
  }

  static #bucket(vocabulary: Iterable<string>): Map<number, string[]> {
    const byLength = new Map<number, string[]>();
    for (const term of vocabulary) {
      // Identifiers and CJK n-grams are not corrected, so they are not candidates either.
      if (term.length < 3 || !/^\p{Ll}+$/u.test(term)) continue;
      const list = byLength.get(term.length);
      if (list === undefined) byLength.set(term.length, [term]);
      else list.push(term);
    }
    for (const list of byLength.values()) list.sort();
    return byLength;
  }

  get #buckets(): Map<number, string[]> {
    this.#byLength ??= FuzzyVocabulary.#bucket(this.#vocabulary!());
    this.#vocabulary = undefined;
    return this.#byLength;
  }

  /**
   * The closest vocabulary terms to `term` within the length bound: all at the smallest distance,
   * most frequent first, at most `max`.
   */
  correct(term: string, max = 2): Correction[] {
    const bound = maxDistance(term.length);
    if (bound === 0 || !/^\p{Ll}+$/u.test(term)) return [];
    let best = bound + 1;
    let found: string[] = [];
    for (let len = term.length - bound; len <= term.length + bound; len++) {
      for (const candidate of this.#buckets.get(len) ?? []) {
        // A typo rarely changes the first letter; requiring it keeps corrections precise and fast.
        if (candidate.charCodeAt(0) !== term.charCodeAt(0)) continue;
        const d = osaDistance(term, candidate, bound);
        if (d < best) {
          best = d;
          found = [candidate];
        } else if (d === best) {
          found.push(candidate);
        }
      }
    }
    if (best > bound) return [];
    found.sort((a, b) => this.#frequency(b) - this.#frequency(a) || (a < b ? -1 : 1));
    return found.slice(0, max).map((to) => ({ from: term, to, distance: best }));
  }
}
