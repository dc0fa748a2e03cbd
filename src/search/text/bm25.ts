// BM25F over the text fields of the tools. A term's per-document contribution does not depend
// on the query, so it is computed once at build time; a search only adds up postings.
import { runSliced, type Slicing } from '../../util/slices.js';
import { buildPostings, type Bm25Params, type FieldSource, type Posting, postingSteps, weightedKeys } from './bm25-build.js';

export type { Bm25Params, FieldSpec, Posting } from './bm25-build.js';

export interface ScoredDoc {
  doc: number;
  score: number;
}

/** What a persisted index keeps of a BM25 index (typed arrays, written as they are). */
export interface Bm25State {
  fieldKeys: readonly string[];
  size: number;
  coord: number;
  postings: ReadonlyMap<string, Posting>;
}

/**
 * A BM25 state in four arrays (what a persisted index writes): term i's postings are
 * offsets[i] to offsets[i + 1] of docs, impacts and masks; the terms are sorted. Thousands of small typed arrays cost far
 * more to serialize and read back than three large ones.
 */
export interface PackedBm25 {
  fieldKeys: readonly string[];
  size: number;
  coord: number;
  terms: string[];
  offsets: Int32Array;
  docs: Int32Array;
  impacts: Float32Array;
  masks: Uint32Array;
}

export function packBm25(state: Bm25State): PackedBm25 {
  // Sorted (by code unit, as `<` compares): looked up by binary search when read back.
  const terms = [...state.postings.keys()].sort();
  const offsets = new Int32Array(terms.length + 1);
  terms.forEach((t, i) => {
    offsets[i + 1] = offsets[i]! + state.postings.get(t)!.docs.length;
  });
  const total = offsets[terms.length]!;
  const docs = new Int32Array(total);
  const impacts = new Float32Array(total);
  const masks = new Uint32Array(total);
  terms.forEach((t, i) => {
    const p = state.postings.get(t)!;
    docs.set(p.docs, offsets[i]!);
    impacts.set(p.impacts, offsets[i]!);
    masks.set(p.masks, offsets[i]!);
  });
  return { fieldKeys: state.fieldKeys, size: state.size, coord: state.coord, terms, offsets, docs, impacts, masks };
}

/**
 * The postings of packed arrays, each made on first lookup as views into them (no copy), the term
 * found by binary search in the sorted terms: a search looks up a few terms of 10,000, and a map of
 * them with 30,000 views made up front were a tenth of opening an index.
 */
class PackedPostings implements ReadonlyMap<string, Posting> {
  readonly #packed: PackedBm25;
  readonly #made: (Posting | undefined)[];

  constructor(packed: PackedBm25) {
    this.#packed = packed;
    this.#made = new Array(packed.terms.length);
  }

  get size(): number {
    return this.#packed.terms.length;
  }

  #find(term: string): number {
    const terms = this.#packed.terms;
    let lo = 0;
    let hi = terms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = terms[mid]!;
      if (t < term) lo = mid + 1;
      else if (t > term) hi = mid - 1;
      else return mid;
    }
    return -1;
  }

  has(term: string): boolean {
    return this.#find(term) >= 0;
  }

  get(term: string): Posting | undefined {
    const i = this.#find(term);
    return i < 0 ? undefined : this.#at(i);
  }

  #at(i: number): Posting {
    let posting = this.#made[i];
    if (posting === undefined) {
      const { offsets, docs, impacts, masks } = this.#packed;
      const from = offsets[i]!;
      const to = offsets[i + 1]!;
      this.#made[i] = posting = { docs: docs.subarray(from, to), impacts: impacts.subarray(from, to), masks: masks.subarray(from, to) };
    }
    return posting;
  }

  keys(): MapIterator<string> {
    return this.#packed.terms.values();
  }

  *entries(): MapIterator<[string, Posting]> {
    for (const [i, term] of this.#packed.terms.entries()) yield [term, this.#at(i)];
  }

  *values(): MapIterator<Posting> {
    for (let i = 0; i < this.#packed.terms.length; i += 1) yield this.#at(i);
  }

  [Symbol.iterator](): MapIterator<[string, Posting]> {
    return this.entries();
  }

  forEach(f: (posting: Posting, term: string, map: ReadonlyMap<string, Posting>) => void): void {
    for (const [i, term] of this.#packed.terms.entries()) f(this.#at(i), term, this);
  }
}

/** The state of packed arrays: each posting a view into them (no copy), made on first lookup. */
export function unpackBm25(packed: PackedBm25): Bm25State {
  return { fieldKeys: packed.fieldKeys, size: packed.size, coord: packed.coord, postings: new PackedPostings(packed) };
}

/**
 * The positions of the `limit` best scores (higher score, then lower doc, first), in no order: a
 * bounded heap instead of sorting every touched document (10,000 for a common term; the sort was
 * most of a first search's BM25 time, run cold in a fresh process).
 */
function topScored(docs: readonly number[], score: Float64Array, limit: number): number[] {
  const n = docs.length;
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  if (limit <= 0) return [];
  // heap[0] is the worst kept; `worse(a, b)`: a ranks after b.
  const heap = new Int32Array(limit);
  const worse = (a: number, b: number): boolean => score[a]! < score[b]! || (score[a] === score[b] && docs[a]! > docs[b]!);
  const down = (from: number, size: number): void => {
    let at = from;
    for (;;) {
      const l = 2 * at + 1;
      if (l >= size) return;
      const r = l + 1;
      const c = r < size && worse(heap[r]!, heap[l]!) ? r : l;
      if (!worse(heap[c]!, heap[at]!)) return;
      const t = heap[c]!;
      heap[c] = heap[at]!;
      heap[at] = t;
      at = c;
    }
  };
  for (let i = 0; i < limit; i++) heap[i] = i;
  for (let i = (limit >> 1) - 1; i >= 0; i--) down(i, limit);
  for (let i = limit; i < n; i++) {
    if (worse(heap[0]!, i)) {
      heap[0] = i;
      down(0, limit);
    }
  }
  return Array.from(heap);
}

/** A BM25F index: the vocabulary, postings with precomputed impacts, document frequencies. */
export class Bm25Index {
  readonly fieldKeys: readonly string[];
  readonly size: number;
  // Never changed once built; an index from its data keeps the data's map (not copied term by term).
  #postings: ReadonlyMap<string, Posting> = new Map();
  readonly #scratch: Float64Array;
  readonly #seen: Uint8Array;
  readonly #matched: Uint16Array;
  #coord = 0;

  private constructor(fieldKeys: readonly string[], size: number) {
    this.fieldKeys = fieldKeys;
    this.size = size;
    this.#scratch = new Float64Array(size);
    this.#seen = new Uint8Array(size);
    this.#matched = new Uint16Array(size);
  }

  /** Builds the index from each document's text per field key. */
  static build(docs: readonly FieldSource[], params: Bm25Params): Bm25Index {
    const fieldKeys = weightedKeys(params);
    return Bm25Index.fromState({ fieldKeys, size: docs.length, coord: params.coord ?? 0, postings: buildPostings(docs, fieldKeys, params) });
  }

  /** The same index as `build`, built in slices with pauses between them (util/slices.ts), so that a server goes on answering. */
  static async buildSliced(docs: readonly FieldSource[], params: Bm25Params, slicing?: Slicing): Promise<Bm25Index> {
    const [fieldKeys, size, coord] = [weightedKeys(params), docs.length, params.coord ?? 0];
    return Bm25Index.fromState({ fieldKeys, size, coord, postings: await runSliced(postingSteps(docs, fieldKeys, params), slicing) });
  }

  /** The index as data (for the persisted index, search/persist/). */
  state(): Bm25State {
    return { fieldKeys: this.fieldKeys, size: this.size, coord: this.#coord, postings: this.#postings };
  }

  /** An index from its data (the caller checked its shape: persist/snapshot.ts). */
  static fromState(state: Bm25State): Bm25Index {
    const index = new Bm25Index(state.fieldKeys, state.size);
    index.#coord = state.coord;
    index.#postings = state.postings;
    return index;
  }

  /** Number of distinct terms. */
  get vocabularySize(): number {
    return this.#postings.size;
  }

  has(term: string): boolean {
    return this.#postings.has(term);
  }

  /** Documents containing the term. */
  documentFrequency(term: string): number {
    return this.#postings.get(term)?.docs.length ?? 0;
  }

  posting(term: string): Posting | undefined {
    return this.#postings.get(term);
  }

  /** Every term of the vocabulary. */
  vocabulary(): IterableIterator<string> {
    return this.#postings.keys();
  }

  /**
   * Scores documents for weighted query terms, best first. A term of weight 0 scores nothing but
   * still makes its documents candidates (listed after every scored one).
   */
  search(query: ReadonlyMap<string, number>, limit: number): ScoredDoc[] {
    const scores = this.#scratch;
    const seen = this.#seen;
    const matched = this.#matched;
    const touched: number[] = [];
    let weighted = 0;
    for (const [term, weight] of query) {
      if (weight > 0) weighted += 1;
      const posting = this.#postings.get(term);
      if (posting === undefined) continue;
      const { docs, impacts } = posting;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (weight > 0) matched[doc]! += 1;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched.push(doc);
        }
        scores[doc]! += impacts[i]! * weight;
      }
    }
    const coord = this.#coord;
    const final = new Float64Array(touched.length);
    for (let i = 0; i < touched.length; i++) {
      const doc = touched[i]!;
      final[i] = coord > 0 && weighted > 0 ? scores[doc]! * (matched[doc]! / weighted) ** coord : scores[doc]!;
      scores[doc] = 0;
      seen[doc] = 0;
      matched[doc] = 0;
    }
    const out = topScored(touched, final, limit).map((i): ScoredDoc => ({ doc: touched[i]!, score: final[i]! }));
    return out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }

  /** Fields (keys) where the term occurs in the document. */
  fieldsOf(term: string, doc: number): string[] {
    const posting = this.#postings.get(term);
    if (posting === undefined) return [];
    const at = binarySearch(posting.docs, doc);
    if (at < 0) return [];
    const mask = posting.masks[at]!;
    return this.fieldKeys.filter((_, f) => (mask & (1 << f)) !== 0);
  }
}

function binarySearch(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
