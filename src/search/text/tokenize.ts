// The tokenizer of the search pipeline, for indexed text and queries alike: NFKC, lower case,
// identifiers kept whole (identifiers.ts), words split at camel case, snake, kebab and dots
// (`getUserById` -> get, user, id; `HTTPServer` -> http, server; `userIDs` -> user, ids), English
// stop words dropped and words stemmed (stem.ts), CJK runs (Hangul, Hiragana, Katakana, Han, each
// script its own run) as character bigrams. Exactly one pass over the text per stage, no regular
// expression per character, no backtracking: linear in the length of the text.
//
// Text is cut into chunks at HARD characters (whitespace, controls, zero-width, quotes, brackets);
// a chunk with punctuation inside may be an identifier; otherwise, and for plain chunks, its words
// are letters and digits between SOFT characters. Digits stay with letters (`s3`, `oauth2`, `k8s`).
import type { Token } from '../types.js';
import { camelBreaks } from '../../lexicon/camel-case.js';
import { memoize } from '../../util/memo.js';
import { DIGIT, HARD, HIRAGANA, SOFT, UPPER, classAt, isAlnum, isCjk, width } from '../../lexicon/char-class.js';
import { MAX_IDENTIFIER_LENGTH, isCode, matchIdentifier } from './identifiers.js';
import { KANA_PARTICLES, STOP_WORDS, stem } from '../../lexicon/stem.js';

type Sink = (term: string, surface: string, kind: Token['kind']) => void;

const NON_ASCII = /[^\x00-\x7f]/;

/** Whether a chunk ending at `end` loses this last character before identifier matching (`/etc/hosts.`). */
function isTrailing(c: number): boolean {
  return c === 0x2e || c === 0x3a || c === 0x3f; // . : ?
}

/** Chunks this long or shorter have their terms memoized by `terms` (most chunks are one word). */
const MEMO_CHUNK = 40;
/** The terms of a short chunk, by `0|1` (may it be an identifier) + its text. */
const chunkTerms = memoize((key: string): readonly string[] => {
  const out: string[] = [];
  new Scanner(key, (term) => out.push(term)).chunk(1, key.length, key[0] === '1');
  return out;
}, 200_000);

class Scanner {
  constructor(
    private readonly s: string,
    private readonly sink: Sink,
    /** With a memo, a short chunk's terms are looked up instead of scanned (`terms` only: no surfaces). */
    private readonly memo?: (key: string) => readonly string[],
  ) {}

  run(): void {
    const { s } = this;
    const n = s.length;
    let i = 0;
    while (i < n) {
      let cls = classAt(s, i);
      if (cls === HARD) {
        i += width(s, i);
        continue;
      }
      const start = i;
      let punctuated = false;
      let cjk = false;
      while (i < n && cls !== HARD) {
        if (cls === SOFT) punctuated = true;
        else if (isCjk(cls)) cjk = true;
        i += width(s, i);
        if (i < n) cls = classAt(s, i);
      }
      const memo = this.memo;
      if (memo !== undefined && i - start <= MEMO_CHUNK) this.memoChunk(memo, start, i, punctuated && !cjk);
      else this.chunk(start, i, punctuated && !cjk);
    }
  }

  /** A chunk's terms depend on its text only, so they are computed once per distinct chunk. */
  private memoChunk(memo: (key: string) => readonly string[], start: number, end: number, maybeIdentifier: boolean): void {
    for (const term of memo(`${maybeIdentifier ? 1 : 0}${this.s.slice(start, end)}`)) this.sink(term, term, 'word');
  }

  chunk(start: number, end: number, maybeIdentifier: boolean): void {
    if (maybeIdentifier && end - start <= MAX_IDENTIFIER_LENGTH) {
      let e = end;
      while (e > start && isTrailing(this.s.charCodeAt(e - 1))) e--;
      const text = this.s.slice(start, e);
      const id = matchIdentifier(text);
      if (id !== undefined) {
        this.sink(id.term, text, 'identifier');
        for (const marker of id.markers) if (!STOP_WORDS.has(marker)) this.sink(stem(marker), text, 'word');
        for (const [a, b] of id.wordSpans) this.words(start + a, start + b);
        return;
      }
    }
    this.words(start, end);
  }

  /** Words (alphabetic scripts) and bigrams (CJK) between `start` and `end`. */
  private words(start: number, end: number): void {
    const { s } = this;
    let j = start;
    while (j < end) {
      const cls = classAt(s, j);
      if (isAlnum(cls)) {
        let k = j;
        let digits = 0;
        let upper = false;
        let lower = false;
        for (let c = cls; k < end && isAlnum(c); c = k < end ? classAt(s, k) : HARD) {
          if (c === DIGIT) digits++;
          else if (c === UPPER) upper = true;
          else lower = true;
          k += width(s, k);
        }
        if (digits > 0 && isCode(s.slice(j, k), digits, upper && lower)) {
          const surface = s.slice(j, k);
          this.sink(surface.toLowerCase(), surface, 'identifier');
        } else {
          this.camel(j, k);
        }
        j = k;
      } else if (isCjk(cls)) {
        let k = j + width(s, j);
        while (k < end && classAt(s, k) === cls) k += width(s, k);
        this.ngrams(j, k, cls);
        j = k;
      } else {
        j += width(s, j);
      }
    }
  }

  /**
   * Splits a run of letters and digits at case changes: `getUser`, `HTTPServer`, `S3Bucket`; not
   * `userIDs`, `2FA`. A run that splits also gives its whole lower-cased form, after its parts:
   * brand names are written in camel case (`GitHub`, `OAuth`, `iOS`) where tool names write them
   * in one word (`github_create_issue`), and an exact camel-case name matches as one term.
   */
  private camel(start: number, end: number): void {
    let wordStart = start;
    for (const at of camelBreaks(this.s, start, end)) {
      this.word(wordStart, at);
      wordStart = at;
    }
    this.word(wordStart, end);
    if (wordStart > start) this.word(start, end);
  }

  private word(start: number, end: number): void {
    const surface = this.s.slice(start, end);
    const lower = surface.toLowerCase();
    if (!STOP_WORDS.has(lower)) this.sink(stem(lower), surface, 'word');
  }

  /** Character bigrams of a CJK run; a one-character run is its own unigram (unless a lone Japanese particle). */
  private ngrams(start: number, end: number, cls: number): void {
    const { s } = this;
    const first = width(s, start);
    if (start + first >= end) {
      const unigram = s.slice(start, end);
      if (!(cls === HIRAGANA && KANA_PARTICLES.has(unigram))) this.sink(unigram, unigram, 'ngram');
      return;
    }
    let a = start;
    let b = start + first;
    while (b < end) {
      const next = b + width(s, b);
      const bigram = s.slice(a, next);
      this.sink(bigram, bigram, 'ngram');
      a = b;
      b = next;
    }
  }
}

function normalizeText(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKC') : text;
}

/** The tokens of a text, in order (duplicates kept, for term frequencies). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  new Scanner(normalizeText(text), (term, surface, kind) => out.push({ term, surface, kind })).run();
  return out;
}

/** The indexed forms of the tokens of a text, in order: `tokenize(text).map((t) => t.term)` without the objects. */
export function terms(text: string): string[] {
  const out: string[] = [];
  new Scanner(normalizeText(text), (term) => out.push(term), chunkTerms).run();
  return out;
}
