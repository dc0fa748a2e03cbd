import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { serializeQuads, sortQuads, termToNTriples } from '../../src/rdf/serialize.js';

const { namedNode, literal, blankNode, quad, defaultGraph } = DataFactory;
const T = 'https://w3id.org/mdkg/tool/fs/';
const D = 'https://w3id.org/mdkg/doc/';
const name = namedNode('https://schema.org/name');

const quads = [
  quad(namedNode(`${T}b`), name, literal('B'), namedNode(`${D}b`)),
  quad(namedNode(`${T}a`), name, literal('A', 'en'), namedNode(`${D}a`)),
  quad(
    namedNode(`${T}a`),
    namedNode('https://w3id.org/mdkg/vocab#priority'),
    literal('2', namedNode('http://www.w3.org/2001/XMLSchema#integer')),
    namedNode(`${D}a`),
  ),
  quad(blankNode('x'), namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), namedNode('https://w3id.org/mdkg/vocab#Tool')),
  quad(namedNode(`${T}b`), name, literal('B'), namedNode(`${D}b`)),
];

const PREFIX_LINES =
  '@prefix mdkg: <https://w3id.org/mdkg/vocab#>.\n' +
  '@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>.\n' +
  '@prefix schema: <https://schema.org/>.\n' +
  '@prefix tool: <https://w3id.org/mdkg/tool/>.\n' +
  '@prefix xsd: <http://www.w3.org/2001/XMLSchema#>.\n';

describe('serializeQuads', () => {
  it('nquads: sorted by graph, subject, predicate, object; duplicates dropped', async () => {
    expect(await serializeQuads(quads, 'nquads', DEFAULT_PREFIXES)).toBe(
      '_:x <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/mdkg/vocab#Tool> .\n' +
        `<${T}a> <https://schema.org/name> "A"@en <${D}a> .\n` +
        `<${T}a> <https://w3id.org/mdkg/vocab#priority> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <${D}a> .\n` +
        `<${T}b> <https://schema.org/name> "B" <${D}b> .\n`,
    );
  });

  // Only prefixes whose namespace occurs are declared (n3 still writes rdf:type as `a`, 2 as a bare integer).
  it('turtle: every quad in the default graph, prefixes of the namespaces that occur', async () => {
    expect(await serializeQuads(quads, 'turtle', DEFAULT_PREFIXES)).toBe(
      `${PREFIX_LINES}\n<${T}a> schema:name "A"@en;\n    mdkg:priority 2.\n<${T}b> schema:name "B".\n_:x a mdkg:Tool.\n`,
    );
  });

  it('trig: the default graph first, then one block per named graph', async () => {
    expect(await serializeQuads(quads, 'trig', DEFAULT_PREFIXES)).toBe(
      '@prefix doc: <https://w3id.org/mdkg/doc/>.\n' +
        PREFIX_LINES +
        '\n' +
        '_:x a mdkg:Tool.\n' +
        'doc:a {\n' +
        `<${T}a> schema:name "A"@en;\n` +
        '    mdkg:priority 2\n' +
        '}\n' +
        'doc:b {\n' +
        `<${T}b> schema:name "B"\n` +
        '}\n',
    );
  });

  it.each(['nquads', 'turtle', 'trig'] as const)('%s is the same whatever the input order', async (format) => {
    const forward = await serializeQuads(quads, format, DEFAULT_PREFIXES);
    expect(await serializeQuads([...quads].reverse(), format, DEFAULT_PREFIXES)).toBe(forward);
  });

  it('writes nothing for no quads', async () => {
    expect(await serializeQuads([], 'turtle', DEFAULT_PREFIXES)).toBe('');
  });
});

describe('termToNTriples and sortQuads', () => {
  it.each([
    [namedNode('http://example.org/a'), '<http://example.org/a>'],
    [blankNode('b1'), '_:b1'],
    [literal('plain'), '"plain"'],
    [literal('a "quote"\\ \n\r\t'), '"a \\"quote\\"\\\\ \\n\\r\\t"'],
    [literal('chat', 'fr'), '"chat"@fr'],
    [literal('1', namedNode('http://www.w3.org/2001/XMLSchema#integer')), '"1"^^<http://www.w3.org/2001/XMLSchema#integer>'],
    [defaultGraph(), ''],
  ])('%s', (term, expected) => {
    expect(termToNTriples(term)).toBe(expected);
  });

  it('sorts and dedupes', () => {
    expect(sortQuads(quads).map((q) => termToNTriples(q.subject))).toEqual(['_:x', `<${T}a>`, `<${T}a>`, `<${T}b>`]);
  });
});
