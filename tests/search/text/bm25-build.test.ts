import { describe, expect, it } from 'vitest';
import type { Bm25Params } from '../../../src/search/text/bm25.js';
import { buildPostings } from '../../../src/search/text/bm25-build.js';
import { terms } from '../../../src/search/text/tokenize.js';

/** The straightforward build (one Map per document, arrays per term): what buildPostings must equal exactly. */
function reference(
  docs: readonly ReadonlyMap<string, readonly string[]>[],
  fieldKeys: readonly string[],
  params: Bm25Params,
): Map<string, { docs: number[]; impacts: number[]; masks: number[] }> {
  const tokenized = docs.map((doc) => fieldKeys.map((key) => terms((doc.get(key) ?? []).join(' \n '))));
  const avg = fieldKeys.map((_, f) => {
    const lengths = tokenized.map((fields) => fields[f]!.length).filter((n) => n > 0);
    return lengths.length === 0 ? 1 : lengths.reduce((a, b) => a + b, 0) / lengths.length;
  });
  const raw = new Map<string, { docs: number[]; tfs: number[]; masks: number[] }>();
  tokenized.forEach((fields, doc) => {
    const tf = new Map<string, { value: number; mask: number }>();
    fields.forEach((list, f) => {
      if (list.length === 0) return;
      const spec = params.fields[fieldKeys[f]!]!;
      const norm = spec.weight / (1 - spec.b + (spec.b * list.length) / avg[f]!);
      for (const term of list) {
        const entry = tf.get(term);
        if (entry === undefined) tf.set(term, { value: norm, mask: 1 << f });
        else {
          entry.value += norm;
          entry.mask |= 1 << f;
        }
      }
    });
    for (const [term, { value, mask }] of tf) {
      let posting = raw.get(term);
      if (posting === undefined) raw.set(term, (posting = { docs: [], tfs: [], masks: [] }));
      posting.docs.push(doc);
      posting.tfs.push(value);
      posting.masks.push(mask);
    }
  });
  const out = new Map<string, { docs: number[]; impacts: number[]; masks: number[] }>();
  for (const [term, p] of raw) {
    const idf = Math.log(1 + (docs.length - p.docs.length + 0.5) / (p.docs.length + 0.5));
    const impacts = Float32Array.from(p.tfs, (tf) => (idf * tf * (params.k1 + 1)) / (params.k1 + tf));
    out.set(term, { docs: p.docs, impacts: [...impacts], masks: [...Uint32Array.from(p.masks)] });
  }
  return out;
}

const doc = (fields: Record<string, string | string[]>): Map<string, string[]> =>
  new Map(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
const params: Bm25Params = { k1: 1.7, fields: { name: { weight: 3, b: 0.5 }, text: { weight: 1, b: 1 }, params: { weight: 0.6, b: 0.75 } } };

const corpora: [string, Map<string, string[]>[]][] = [
  ['one field', [doc({ text: 'alpha beta' }), doc({ text: 'alpha' })]],
  [
    'repeated texts, lists and empty fields',
    [
      doc({ name: 'createIssue', text: 'Create an issue in a repository.', params: ['owner', 'repo', 'title'] }),
      doc({ name: 'createIssue', text: 'Create an issue in a repository.', params: ['owner', 'repo', 'title'] }),
      doc({ name: 'listIssues', text: '', params: ['owner', 'repo'] }),
      doc({ name: 'the', text: 'of the and', params: [] }),
      doc({ text: 'Repository issues: list, filter, sort. 이슈 목록 조회' }),
      doc({}),
    ],
  ],
  ['a term in every field', [doc({ name: 'repo', text: 'repo repo', params: ['repo'] }), doc({ name: 'other', text: 'repo' })]],
];

describe('buildPostings', () => {
  it.each(corpora)('equals the reference build exactly: %s', (_name, docs) => {
    const fieldKeys = Object.keys(params.fields);
    const built = buildPostings(docs, fieldKeys, params);
    const expected = reference(docs, fieldKeys, params);
    expect([...built.keys()]).toEqual([...expected.keys()]);
    for (const [term, p] of built) {
      expect({ docs: [...p.docs], impacts: [...p.impacts], masks: [...p.masks] }, term).toEqual(expected.get(term));
    }
  });

  it('tokenizes an equal text once', () => {
    const seen: string[] = [];
    const tokenize = (text: string): string[] => {
      seen.push(text);
      return terms(text);
    };
    buildPostings([doc({ name: 'getUser', text: 'getUser' }), doc({ name: ['a', 'b'], text: 'a \n b' })], ['name', 'text'], params, tokenize);
    expect(seen).toEqual(['getUser', 'a \n b']);
  });
});
