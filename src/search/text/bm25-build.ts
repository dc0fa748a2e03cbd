// Building the BM25F postings: each field's text tokenized once, terms numbered in order of first
// occurrence, term frequencies summed in scratch arrays, and every posting a view into three
// shared typed arrays sized exactly. Few objects survive the build, so it is cheap on a large heap.
import { runAll, type Steps } from '../../util/slices.js';
import { idf } from './idf.js';
import { terms } from './tokenize.js';

/** A document's text per field key (a Map will do). */
export interface FieldSpec {
  /** Multiplier of the field's normalized term frequency. */
  weight: number;
  /** Length normalization in [0, 1]. */
  b: number;
}

export interface Bm25Params {
  k1: number;
  /**
   * Coordination: scores are multiplied by (query terms matched / query terms)^coord, so a tool
   * matching every word of the request outranks one matching fewer words more often (0: off).
   */
  coord?: number;
  fields: Readonly<Record<string, FieldSpec>>;
}

export interface Posting {
  docs: Int32Array;
  impacts: Float32Array;
  /** Bit i set when the term occurs in field i (fields in `Bm25Index.fieldKeys` order). */
  masks: Uint32Array;
}

export interface FieldSource {
  get(key: string): readonly string[] | undefined;
}

/** The fields with a weight, at most 32 (a posting's field mask has 32 bits). */
export function weightedKeys(params: Bm25Params): string[] {
  return Object.keys(params.fields)
    .filter((k) => (params.fields[k]?.weight ?? 0) > 0)
    .slice(0, 32);
}

/** Documents between two points where a sliced build may pause (util/slices.ts). */
const DOCS_PER_STEP = 32;
const TERMS_PER_STEP = 256;

/**
 * Postings of `docs` (text per field key) over `fieldKeys` (at most 32), in order of each term's
 * first occurrence (document, then field, then position). A field's values are tokenized as one
 * text, joined with ' \n '.
 */
export function buildPostings(
  docs: readonly FieldSource[],
  fieldKeys: readonly string[],
  params: Bm25Params,
  tokenize: (text: string) => string[] = terms,
): Map<string, Posting> {
  return runAll(postingSteps(docs, fieldKeys, params, tokenize));
}

/** buildPostings as steps that yield every DOCS_PER_STEP documents of each pass (runSliced runs them with pauses). */
export function* postingSteps(
  docs: readonly FieldSource[],
  fieldKeys: readonly string[],
  params: Bm25Params,
  tokenize: (text: string) => string[] = terms,
): Steps<Map<string, Posting>> {
  const fields = fieldKeys.length;
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  // Term ids of every (document, field), flat; `bounds[doc * fields + f]` is where a field ends.
  // Sized for ~128 terms a document (a typical tool's text), grown by doubling past that.
  let tokens = new Int32Array(Math.max(1024, docs.length * 128));
  let count = 0;
  const bounds = new Int32Array(docs.length * fields + 1);
  const total = new Float64Array(fields);
  const filled = new Float64Array(fields);
  const reserve = (more: number): void => {
    if (count + more <= tokens.length) return;
    const grown = new Int32Array(Math.max(tokens.length * 2, count + more));
    grown.set(tokens.subarray(0, count));
    tokens = grown;
  };
  // Equal texts (an operation id that is also the name, shared parameter lists) are tokenized once:
  // text -> where its term ids were first written.
  const seenText = new Map<string, number>();
  for (let d = 0; d < docs.length; d += 1) {
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
    const doc = docs[d] as FieldSource;
    fieldKeys.forEach((key, f) => {
      const values = doc.get(key);
      const start = count;
      if (values !== undefined && values.length > 0) {
        const text = values.length === 1 ? (values[0] as string) : values.join(' \n ');
        const at = seenText.get(text);
        if (at !== undefined) {
          const length = (bounds[at + 1] as number) - (bounds[at] as number);
          reserve(length);
          tokens.copyWithin(count, bounds[at] as number, (bounds[at] as number) + length);
          count += length;
        } else {
          seenText.set(text, d * fields + f);
          const list = tokenize(text);
          reserve(list.length);
          for (const term of list) {
            let id = ids.get(term);
            if (id === undefined) {
              id = vocabulary.length;
              ids.set(term, id);
              vocabulary.push(term);
            }
            tokens[count++] = id;
          }
        }
      }
      if (count > start) {
        total[f] = (total[f] as number) + (count - start);
        filled[f] = (filled[f] as number) + 1;
      }
      bounds[d * fields + f + 1] = count;
    });
  }
  const avg = Array.from(total, (t, f) => (filled[f] === 0 ? 1 : t / (filled[f] as number)));
  // One document's term frequencies (weighted, length-normalized) and field masks, its terms in
  // first-occurrence order in `seen[0..count)`. Run twice per document: once to count document
  // frequencies, then to write each posting in place (no intermediate list).
  const tf = new Float64Array(vocabulary.length);
  const masks = new Uint32Array(vocabulary.length);
  const seen = new Int32Array(vocabulary.length);
  const accumulate = (d: number): number => {
    let count = 0;
    for (let f = 0; f < fields; f += 1) {
      const start = bounds[d * fields + f] as number;
      const end = bounds[d * fields + f + 1] as number;
      if (end === start) continue;
      const spec = params.fields[fieldKeys[f]!]!;
      const norm = spec.weight / (1 - spec.b + (spec.b * (end - start)) / avg[f]!);
      for (let i = start; i < end; i += 1) {
        const id = tokens[i] as number;
        if (masks[id] === 0) {
          tf[id] = norm;
          masks[id] = 1 << f;
          seen[count++] = id;
        } else {
          tf[id] = (tf[id] as number) + norm;
          masks[id] = (masks[id] as number) | (1 << f);
        }
      }
    }
    return count;
  };
  const df = new Int32Array(vocabulary.length);
  for (let d = 0; d < docs.length; d += 1) {
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
    const count = accumulate(d);
    for (let i = 0; i < count; i += 1) {
      const id = seen[i] as number;
      df[id] = (df[id] as number) + 1;
      masks[id] = 0;
    }
  }
  // Postings laid out term by term (offsets from the document frequencies), each in document order.
  const offsets = new Int32Array(vocabulary.length + 1);
  for (let t = 0; t < vocabulary.length; t += 1) offsets[t + 1] = (offsets[t] as number) + (df[t] as number);
  const next = offsets.slice(0, vocabulary.length);
  const size = offsets[vocabulary.length] as number;
  const postingDocs = new Int32Array(size);
  const postingImpacts = new Float32Array(size);
  const postingMasks = new Uint32Array(size);
  const n = docs.length;
  const idfs = Array.from(df, (k) => idf(n, k));
  for (let d = 0; d < docs.length; d += 1) {
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
    const count = accumulate(d);
    for (let i = 0; i < count; i += 1) {
      const id = seen[i] as number;
      const at = next[id] as number;
      next[id] = at + 1;
      const freq = tf[id] as number;
      postingDocs[at] = d;
      postingImpacts[at] = (idfs[id]! * freq * (params.k1 + 1)) / (params.k1 + freq);
      postingMasks[at] = masks[id] as number;
      masks[id] = 0;
    }
  }
  const postings = new Map<string, Posting>();
  for (let t = 0; t < vocabulary.length; t += 1) {
    // Three views a term: a step of terms costs about what a step of documents does.
    if (t % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
    const start = offsets[t] as number;
    const end = offsets[t + 1] as number;
    const view = { docs: postingDocs.subarray(start, end), impacts: postingImpacts.subarray(start, end), masks: postingMasks.subarray(start, end) };
    postings.set(vocabulary[t] as string, view);
  }
  return postings;
}
