// Every pattern ends its stream, zero matches included: an ORDER BY over no solutions once waited
// for an `end` event that had already passed (the engine's sorted stream ends before it is read)
// and timed out. Property: random BGPs with ORDER BY / LIMIT / OPTIONAL over random small graphs
// give, through mdkg's pipeline (QuadStore, run-here), the multiset plain Comunica gives over an
// n3 Store.
import { QueryEngine } from '@comunica/query-sparql';
import type { Bindings, Quad } from '@rdfjs/types';
import fc from 'fast-check';
import { DataFactory, Store } from 'n3';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { alreadyEnded, collect } from '../../src/sparql/engine.js';
import { runQueryHere } from '../../src/sparql/run-here.js';
import { rowsOf, targetOf } from '../helpers/sparql-store.js';

const { namedNode, literal, quad } = DataFactory;
const EX = 'http://example.org/';
const NODES = ['a', 'b', 'c', 'd'];
/** p3 and C2 never occur in a graph: patterns using them match nothing. */
const PREDICATES = ['p0', 'p1', 'p2', 'p3'];
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const CLASSES = ['C0', 'C1', 'C2'];
const VARS = ['?x', '?y', '?z'];

const quadArb = fc.record({
  s: fc.constantFrom(...NODES),
  kind: fc.constantFrom('link', 'name', 'type'),
  p: fc.constantFrom('p0', 'p1', 'p2'),
  o: fc.constantFrom(...NODES),
  cls: fc.constantFrom('C0', 'C1'),
  g: fc.constantFrom('g0', 'g1'),
});
type QuadDraw = { s: string; kind: string; p: string; o: string; cls: string; g: string };
function toQuad(q: QuadDraw): Quad {
  const s = namedNode(EX + q.s);
  const g = namedNode(EX + q.g);
  if (q.kind === 'type') return quad(s, namedNode(TYPE), namedNode(EX + q.cls), g);
  if (q.kind === 'name') return quad(s, namedNode(`${EX}p0`), literal(`n-${q.o}`), g);
  return quad(s, namedNode(EX + q.p), namedNode(EX + q.o), g);
}

const termArb = fc.oneof(
  fc.constantFrom(...VARS),
  fc.constantFrom(...NODES).map((n) => `<${EX}${n}>`),
);
const patternArb = fc.oneof(
  fc
    .tuple(
      termArb,
      fc.constantFrom(...PREDICATES).map((p) => `<${EX}${p}>`),
      termArb,
    )
    .map((t) => t.join(' ')),
  fc.tuple(termArb, fc.constantFrom(...CLASSES)).map(([s, c]) => `${s} a <${EX}${c}>`),
);
const queryArb = fc.record({
  bgp: fc.array(patternArb, { minLength: 1, maxLength: 3 }),
  optional: fc.option(patternArb, { nil: undefined }),
  orderBy: fc.option(fc.constantFrom(...VARS), { nil: undefined }),
  limit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
});

type QueryDraw = { bgp: string[]; optional: string | undefined; orderBy: string | undefined; limit: number | undefined };
function queryText(q: QueryDraw, withLimit: boolean): string {
  const optional = q.optional === undefined ? '' : ` OPTIONAL { ${q.optional} }`;
  const order = q.orderBy === undefined ? '' : ` ORDER BY ${q.orderBy}`;
  const limit = withLimit && q.limit !== undefined ? ` LIMIT ${q.limit}` : '';
  return `SELECT ?x ?y ?z WHERE { ${q.bgp.join(' . ')}${optional} }${order}${limit}`;
}

const engine = new QueryEngine();
async function oracle(quads: Quad[], text: string): Promise<string[]> {
  const stream = await engine.queryBindings(text, { sources: [new Store(quads)], unionDefaultGraph: true });
  const rows = (await stream.toArray()) as Bindings[];
  return rows
    .map((b) =>
      ['x', 'y', 'z']
        .filter((v) => b.has(v))
        .map((v) => `${v}=${b.get(v)?.value}`)
        .join(' '),
    )
    .sort();
}

const OPTIONS = { timeoutMs: 10_000, limit: 10_000, allowServices: [] };

describe('every pattern ends its stream (zero matches included)', () => {
  it('random BGPs with ORDER BY / LIMIT / OPTIONAL: the same multiset as plain Comunica over an n3 Store', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(quadArb, { maxLength: 12 }), queryArb, async (drawn, q) => {
        const quads = drawn.map(toQuad);
        const result = await runQueryHere(targetOf(quads), queryText(q, true), OPTIONS);
        const got = rowsOf(result).map((r) => r.join(' '));
        const all = await oracle(quads, queryText(q, false));
        if (q.limit === undefined) {
          expect([...got].sort()).toEqual(all);
          return;
        }
        // With LIMIT, which rows come depends on the store's order: their number and membership do not.
        expect(got.length).toBe(Math.min(q.limit, all.length));
        const left = [...all];
        for (const row of got) {
          const at = left.indexOf(row);
          expect(at).toBeGreaterThanOrEqual(0);
          left.splice(at, 1);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it.each([
    ['ORDER BY over an unknown class', `SELECT ?s ?n WHERE { ?s a <${EX}C2> . ?s <${EX}p0> ?n } ORDER BY ?s`],
    ['ORDER BY DESC over an unknown predicate', `SELECT ?s WHERE { ?s <${EX}p3> ?o } ORDER BY DESC(?s)`],
    ['ORDER BY with LIMIT over nothing', `SELECT ?s WHERE { ?s <${EX}p3> ?o } ORDER BY ?s LIMIT 5`],
    ['OPTIONAL and ORDER BY over nothing', `SELECT ?s WHERE { ?s a <${EX}C2> OPTIONAL { ?s <${EX}p0> ?n } } ORDER BY ?n`],
  ])('%s: 0 rows at once, not a timeout', async (_name, text) => {
    const quads = [quad(namedNode(`${EX}a`), namedNode(`${EX}p0`), literal('n'), namedNode(`${EX}g0`))];
    const result = await runQueryHere(targetOf(quads), text, { ...OPTIONS, timeoutMs: 10_000 });
    expect(rowsOf(result)).toEqual([]);
  });

  it('collect answers a stream that ended before it was read, and reads one that has not', async () => {
    const ended = Readable.from([]);
    ended.resume();
    await new Promise((resolve) => ended.once('end', resolve));
    expect(alreadyEnded(ended)).toBe(true);
    await expect(collect(ended as never, 10)).resolves.toEqual({ items: [], truncated: false });
    const fresh = Readable.from([1, 2, 3]);
    expect(alreadyEnded(fresh)).toBe(false);
    await expect(collect(fresh as never, 2)).resolves.toEqual({ items: [1, 2], truncated: true });
  });
});
