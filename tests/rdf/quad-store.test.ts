import { DataFactory, Store } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { describe, expect, it } from 'vitest';
import { QuadStore } from '../../src/rdf/quad-store.js';
import { encodeQuads } from '../../src/rdf/term-codec.js';
import { lines } from '../helpers/rdf.js';

const { namedNode: n, literal, blankNode, quad, defaultGraph, variable } = DataFactory;
const ex = (s: string) => n(`http://example.org/${s}`);

/** A small graph with every term type, repeated terms and three graphs. */
function sample(): Quad[] {
  const out: Quad[] = [];
  for (let i = 0; i < 30; i += 1) {
    const g = ex(`g${i % 3}`);
    out.push(quad(ex(`s${i % 7}`), ex(`p${i % 4}`), i % 5 === 0 ? literal(`v${i}`, 'en') : i % 5 === 1 ? literal(String(i), n('http://www.w3.org/2001/XMLSchema#integer')) : i % 5 === 2 ? blankNode(`b${i % 2}`) : ex(`o${i % 6}`), g));
  }
  out.push(quad(ex('s0'), ex('p0'), literal('in default'), defaultGraph()));
  return out;
}

const patterns: Array<[string, [Term | null, Term | null, Term | null, Term | null]]> = [
  ['everything', [null, null, null, null]],
  ['by subject', [ex('s3'), null, null, null]],
  ['by predicate', [null, ex('p1'), null, null]],
  ['by object literal', [null, null, literal('v10', 'en'), null]],
  ['by blank object', [null, null, blankNode('b0'), null]],
  ['by subject and predicate', [ex('s1'), ex('p1'), null, null]],
  ['by graph', [null, null, null, ex('g2')]],
  ['by graph and predicate', [null, ex('p2'), null, ex('g1')]],
  ['default graph only', [null, null, null, defaultGraph()]],
  ['variables are wildcards', [variable('s'), ex('p0'), variable('o'), variable('g')]],
  ['unknown term', [ex('nope'), null, null, null]],
];

describe('QuadStore', () => {
  it.each(patterns)('matches like an n3 Store: %s', (_name, [s, p, o, g]) => {
    const reference = new Store(sample());
    const store = new QuadStore();
    store.addQuads(sample());
    const wild = (t: Term | null) => (t?.termType === 'Variable' ? null : t);
    const expected = lines(reference.getQuads(wild(s) as never, wild(p) as never, wild(o) as never, wild(g) as never));
    expect(lines(store.getQuads(s, p, o, g))).toEqual(expected);
    expect(store.countQuads(s, p, o, g)).toBe(expected.length);
  });

  it('keeps set semantics, also for a large graph', () => {
    const store = new QuadStore();
    const many = Array.from({ length: 500 }, (_, i) => quad(ex('s'), ex('p'), literal(String(i)), ex('g')));
    store.addQuads(many);
    store.addQuads(many);
    expect(store.size).toBe(500);
    expect(store.addQuad(many[0] as Quad)).toBe(false);
  });

  it('removes quads and whole graphs, and its index follows the writes', () => {
    const store = new QuadStore();
    store.addQuads(sample());
    expect(store.countQuads(null, ex('p1'), null, null)).toBe(8);
    const victim = store.getQuads(null, ex('p1'), null, ex('g1'))[0] as Quad;
    expect(store.removeQuad(victim)).toBe(true);
    expect(store.removeQuad(victim)).toBe(false);
    expect(store.countQuads(null, ex('p1'), null, null)).toBe(7);
    const inG0 = store.countQuads(null, null, null, ex('g0'));
    expect(store.deleteGraph(ex('g0'))).toBe(inG0);
    expect(store.countQuads(null, null, null, ex('g0'))).toBe(0);
    expect(store.size).toBe(31 - 1 - inG0);
    expect(lines(store.getQuads(ex('s0'), null, null, null)).every((l) => !l.endsWith('g0'))).toBe(true);
    expect(store.graphs().map((g) => g.value).sort()).toEqual(['', 'http://example.org/g1', 'http://example.org/g2']);
  });

  it('adds encoded quads without building them, equal to adding the quads', () => {
    const quads = sample().filter((q) => q.graph.equals(ex('g1')));
    const a = new QuadStore();
    a.addQuads(quads);
    const b = new QuadStore();
    b.addEncoded(ex('g1'), encodeQuads(quads));
    expect(lines(b.getQuads())).toEqual(lines(a.getQuads()));
    expect(() => b.addEncoded(ex('g9'), { terms: ['Nhttp://x'], spo: [0, 0, 5] })).toThrow('bad quad index');
  });

  it('streams matches as an RDF/JS Source', async () => {
    const store = new QuadStore();
    store.addQuads(sample());
    const seen: Quad[] = [];
    await new Promise<void>((resolve, reject) => {
      store.match(ex('s2')).on('data', (q: Quad) => seen.push(q)).on('end', () => resolve()).on('error', reject);
    });
    expect(lines(seen)).toEqual(lines(store.getQuads(ex('s2'))));
    expect(store.has(sample()[0] as Quad)).toBe(true);
  });
});
