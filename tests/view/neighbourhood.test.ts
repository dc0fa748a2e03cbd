// The graph code the page bundles too (graph-data.ts, neighbourhood.ts, triple-lines.ts): term
// codes, neighbourhoods over GraphData, and that these modules import nothing but each other (the
// browser has no Node modules).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeTerm, encodeTerm, type GraphData, shortIri } from '../../src/view/graph-data.js';
import { GraphIndex, neighbourhood } from '../../src/view/neighbourhood.js';
import { localName, tripleLines } from '../../src/view/triple-lines.js';

const EX = 'https://example.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const data: GraphData = {
  terms: [
    `I${EX}a`,
    `I${EX}p`,
    `I${EX}b`,
    `I${EX}g`,
    'Ihttps://schema.org/name',
    'LA thing',
    'Bx',
    `I${EX}q`,
    'Ihttp://www.w3.org/1999/02/22-rdf-syntax-ns#type',
    `I${EX}C`,
  ],
  // a p b, a name "A thing", x q a, b p a, a type C, a p b (again, another graph)
  triples: [0, 1, 2, 3, 0, 4, 5, 3, 6, 7, 0, 3, 2, 1, 0, 3, 0, 8, 9, 3, 0, 1, 2, 2],
  documents: [],
  prefixes: { ex: EX, rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', schema: 'https://schema.org/' },
};

describe('view graph data', () => {
  it.each([
    [{ termType: 'NamedNode', value: `${EX}a` }, `I${EX}a`, { kind: 'iri', value: `${EX}a` }],
    [{ termType: 'BlankNode', value: 'b0' }, 'Bb0', { kind: 'blank', value: 'b0' }],
    [{ termType: 'Literal', value: 'hi', language: '', datatype: { value: `${XSD}string` } }, 'Lhi', { kind: 'literal', value: 'hi' }],
    [{ termType: 'Literal', value: 'hi', language: 'en', datatype: { value: '' } }, 'Lhi\u0000@en', { kind: 'literal', value: 'hi', lang: 'en' }],
    [
      { termType: 'Literal', value: '3', language: '', datatype: { value: `${XSD}integer` } },
      `L3\u0000^${XSD}integer`,
      { kind: 'literal', value: '3', datatype: `${XSD}integer` },
    ],
  ])('encodes and decodes %j', (term, code, view) => {
    expect(encodeTerm(term)).toBe(code);
    expect(decodeTerm(code)).toEqual(view);
  });

  it.each([
    [`${EX}a`, 'ex:a'],
    ['urn:x', 'urn:x'],
    [`${EX}a/b#c`, 'c'],
  ])('names %s', (iri, short) => {
    expect(iri.endsWith('#c') ? localName(iri) : shortIri(iri, data.prefixes)).toBe(short);
  });

  it('gives the edges out and in once each, types, labels and the literal values', () => {
    const n = neighbourhood(new GraphIndex(data), `I${EX}a`);
    expect(n?.edges.map((e) => `${e.source} ${e.label} ${e.target}`)).toEqual([
      `I${EX}a ex:p I${EX}b`,
      `I${EX}a rdf:type I${EX}C`,
      `Bx ex:q I${EX}a`,
      `I${EX}b ex:p I${EX}a`,
    ]);
    expect(n?.nodes[0]).toEqual({ id: `I${EX}a`, label: 'A thing', types: ['ex:C'], kind: 'iri' });
    expect(n?.nodes.find((v) => v.id === 'Bx')).toEqual({ id: 'Bx', label: 'x', types: [], kind: 'blank' });
    expect(n?.values).toEqual([{ predicate: 'https://schema.org/name', label: 'schema:name', value: 'A thing' }]);
    expect(n?.more).toBe(0);
  });

  it('stops at the limit and counts the rest; an unknown node has none', () => {
    const n = neighbourhood(new GraphIndex(data), `I${EX}a`, 1);
    expect([n?.edges.length, n?.more, n?.nodes.length]).toEqual([1, 3, 2]);
    expect(neighbourhood(new GraphIndex(data), `I${EX}zzz`)).toBeUndefined();
  });

  it('locates a triple past the limit nowhere', () => {
    const many = Array.from({ length: 501 }, () => ({ predicate: `${EX}name`, object: 'Lx' }));
    const lines = tripleLines('name: x\n', many);
    expect([lines[0], lines[499], lines[500]]).toEqual([1, 1, undefined]);
  });

  it('bundles into the page: these modules import only each other', () => {
    for (const file of ['graph-data.ts', 'neighbourhood.ts', 'triple-lines.ts']) {
      const text = readFileSync(new URL(`../../src/view/${file}`, import.meta.url), 'utf8');
      const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(
        imports.filter((i) => !['./graph-data.js', './neighbourhood.js'].includes(i!)),
        file,
      ).toEqual([]);
    }
  });
});
