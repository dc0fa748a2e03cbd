import { DataFactory, Store } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { describe, expect, it } from 'vitest';
import { QuadStore } from '../../src/rdf/quad-store.js';
import { canonicalCode, decodeTerm, encodeQuads, encodeTerm } from '../../src/rdf/term-codec.js';
import { lines } from '../helpers/rdf.js';

const { namedNode: n, literal, blankNode, quad, defaultGraph, variable } = DataFactory;
const ex = (s: string) => n(`http://example.org/${s}`);

/** A small graph with every term type, repeated terms and three graphs. */
function sample(): Quad[] {
  const out: Quad[] = [];
  for (let i = 0; i < 30; i += 1) {
    const g = ex(`g${i % 3}`);
    out.push(
      quad(
        ex(`s${i % 7}`),
        ex(`p${i % 4}`),
        i % 5 === 0
          ? literal(`v${i}`, 'en')
          : i % 5 === 1
            ? literal(String(i), n('http://www.w3.org/2001/XMLSchema#integer'))
            : i % 5 === 2
              ? blankNode(`b${i % 2}`)
              : ex(`o${i % 6}`),
        g,
      ),
    );
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
    expect(
      store
        .graphs()
        .map((g) => g.value)
        .sort(),
    ).toEqual(['', 'http://example.org/g1', 'http://example.org/g2']);
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
      store
        .match(ex('s2'))
        .on('data', (q: Quad) => seen.push(q))
        .on('end', () => resolve())
        .on('error', reject);
    });
    expect(lines(seen)).toEqual(lines(store.getQuads(ex('s2'))));
    expect(store.has(sample()[0] as Quad)).toBe(true);
  });

  describe('id-level reads', () => {
    const store = new QuadStore();
    store.addQuads(sample());
    const name = (id: number): string => {
      const t = store.termAt(id);
      if (t === undefined) throw new Error(`no term ${id}`);
      return t.termType === 'Literal' ? JSON.stringify(t.value) : t.termType === 'BlankNode' ? `_:${t.value}` : t.value;
    };

    it.each<[string, Term, boolean]>([
      ['a named node', ex('s3'), true],
      ['a language literal', literal('v10', 'en'), true],
      ['a typed literal', literal('11', n('http://www.w3.org/2001/XMLSchema#integer')), true],
      ['a blank node', blankNode('b0'), true],
      ['a graph name', ex('g2'), true],
      ['an unknown IRI', ex('nope'), false],
      ['a variable', variable('s'), false],
    ])('termId and termAt round-trip %s', (_name, term, known) => {
      const id = store.termId(term);
      if (!known) {
        expect(id).toBeUndefined();
        return;
      }
      expect(id).toBeTypeOf('number');
      expect(store.termAt(id!)?.equals(term)).toBe(true);
    });

    it('termAt is undefined for an id never given out', () => {
      expect(store.termAt(-1)).toBeUndefined();
      expect(store.termAt(1_000_000)).toBeUndefined();
    });

    it.each<[string, Term, Term | undefined]>([
      ['a predicate', ex('p1'), undefined],
      ['another predicate', ex('p2'), undefined],
      ['a predicate and an IRI object', ex('p3'), ex('o3')],
      ['a predicate and a literal object', ex('p0'), literal('v0', 'en')],
      ['a predicate and a blank object', ex('p2'), blankNode('b0')],
      ['an unknown predicate', ex('nope'), undefined],
      ['an unknown object', ex('p1'), ex('nope')],
    ])('pairs(%s) lists subjects and objects in readQuads order', (_name, p, o) => {
      const { subjects, objects } = store.pairs(p, o);
      const expected = store.getQuads(null, p, o ?? null, null).map((q) => `${name(store.termId(q.subject)!)} ${name(store.termId(q.object)!)}`);
      expect(Array.from(subjects, (s, i) => `${name(s)} ${name(objects[i]!)}`)).toEqual(expected);
    });

    it('pairs gives exact ids: a hand-checked case', () => {
      const { subjects, objects } = store.pairs(ex('p3'), ex('o3'));
      expect(Array.from(subjects, name)).toEqual(['http://example.org/s3']);
      expect(Array.from(objects, name)).toEqual(['http://example.org/o3']);
      // p0 is on quads i % 4 === 0 of the sample (subject s(i % 7), graph g(i % 3)), graph by graph, then the default graph.
      const byP0 = store.pairs(ex('p0'));
      expect(Array.from(byP0.subjects, (id, i) => `${name(id)} ${name(byP0.objects[i]!)}`)).toEqual([
        'http://example.org/s0 "v0"',
        'http://example.org/s5 _:b0',
        'http://example.org/s3 http://example.org/o0',
        'http://example.org/s4 http://example.org/o4',
        'http://example.org/s2 "16"',
        'http://example.org/s0 http://example.org/o4',
        'http://example.org/s1 http://example.org/o2',
        'http://example.org/s6 "v20"',
        'http://example.org/s0 "in default"',
      ]);
    });

    it('pairs refuses variables', () => {
      expect(() => store.pairs(variable('p'))).toThrow(TypeError);
      expect(() => store.pairs(ex('p1'), variable('o'))).toThrow(TypeError);
    });

    it.each(['s0', 's1', 's6', 'o1', 'nope'])('forEachOfSubject(%s) visits predicate and object ids in readQuads order', (local) => {
      const id = store.termId(ex(local)) ?? -1;
      const seen: string[] = [];
      store.forEachOfSubject(id, (p, o) => seen.push(`${name(p)} ${name(o)}`));
      expect(seen).toEqual(store.getQuads(ex(local), null, null, null).map((q) => `${q.predicate.value} ${name(store.termId(q.object)!)}`));
    });

    it('follows writes: a removed quad is no longer read', () => {
      const local = new QuadStore();
      local.addQuads(sample());
      const before = local.pairs(ex('p1')).subjects.length;
      local.removeQuad(local.getQuads(null, ex('p1'), null, null)[0] as Quad);
      expect(local.pairs(ex('p1')).subjects.length).toBe(before - 1);
      const s0 = local.termId(ex('s0'))!;
      let count = 0;
      local.forEachOfSubject(s0, () => (count += 1));
      expect(count).toBe(local.countQuads(ex('s0'), null, null, null));
    });
  });
});

describe('canonicalCode', () => {
  it('says true only for codes that decode and encode back to themselves', () => {
    const codes = [
      'Nhttp://example.org/a',
      'Bb0',
      'Splain text with spaces',
      'S',
      'Len hello',
      'LEN hello',
      'Len-us hi',
      'L hello',
      'Thttp://www.w3.org/2001/XMLSchema#integer 42',
      'Thttp://www.w3.org/2001/XMLSchema#string text',
      'Thttp://www.w3.org/1999/02/22-rdf-syntax-ns#langString x',
      'T 42',
    ];
    for (const code of codes) {
      let roundTrip: string | undefined;
      try {
        roundTrip = encodeTerm(decodeTerm(code));
      } catch {
        roundTrip = undefined;
      }
      if (canonicalCode(code)) expect(roundTrip).toBe(code);
    }
    expect(codes.filter(canonicalCode)).toEqual(codes.slice(0, 5).concat(['Len-us hi', 'Thttp://www.w3.org/2001/XMLSchema#integer 42']));
  });

  it('an adopted table answers as the same quads added one by one, and is never written through', () => {
    const quads = sample();
    const { terms, spo } = encodeQuads(quads.filter((q) => q.graph.equals(ex('g0'))));
    const table = [...terms, 'Nhttp://example.org/g0'];
    const shared = Uint32Array.from(spo);
    const store = new QuadStore();
    expect(store.adoptTable(table)).toBe(true);
    store.addEncoded(ex('g0'), { table, spo: shared, graph: table.length - 1 });
    const plain = new QuadStore();
    plain.addQuads(quads.filter((q) => q.graph.equals(ex('g0'))));
    expect(lines(store.getQuads(null, null, null, null))).toEqual(lines(plain.getQuads(null, null, null, null)));
    const before = Array.from(shared);
    const first = store.getQuads(null, null, null, null)[0];
    if (first !== undefined) store.removeQuad(first);
    expect(Array.from(shared)).toEqual(before);
    expect(store.size).toBe(plain.size - 1);
    expect(new QuadStore().adoptTable([]) && store.adoptTable(table)).toBe(false);
  });
});
