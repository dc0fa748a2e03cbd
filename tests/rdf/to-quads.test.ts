import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { expandId, pathIri } from '../../src/rdf/document-checks.js';
import { decodeTerm, encodeTerm } from '../../src/rdf/term-codec.js';
import { documentToEncoded, documentToQuads } from '../../src/rdf/to-quads.js';
import { lines } from '../helpers/rdf.js';

const V = 'https://w3id.org/mdkg/vocab#';
const S = 'https://schema.org/';
const quadsOf = async (text: string, path = 'doc.md') => documentToQuads(parseDocument(text, path));

describe('documentToQuads', () => {
  it('puts every triple in the named graph of the document, with provenance', async () => {
    const rdf = await quadsOf('---\nid: concept:a\ntype: Concept\ntitle: Alpha\ntags: [x]\nrelated: [concept:b]\n---\n');
    const g = 'https://w3id.org/mdkg/concept/a';
    expect(rdf.iri).toBe(g);
    expect(lines(rdf.quads)).toEqual(
      [
        `${g} ${S}keywords "x" ${g}`,
        `${g} ${S}name "Alpha" ${g}`,
        `${g} ${V}contentHash ${JSON.stringify(parseDocument('---\nid: concept:a\ntype: Concept\ntitle: Alpha\ntags: [x]\nrelated: [concept:b]\n---\n', 'doc.md').hash)} ${g}`,
        `${g} ${V}relatedTo https://w3id.org/mdkg/concept/b ${g}`,
        `${g} ${V}sourcePath "doc.md" ${g}`,
        `${g} http://www.w3.org/1999/02/22-rdf-syntax-ns#type ${V}Concept ${g}`,
      ].sort(),
    );
    expect(rdf.diagnostics).toEqual([]);
  });

  it('gives a document without id an IRI from its path', async () => {
    const rdf = await quadsOf('---\ntitle: Note\n---\n', 'notes/my note.md');
    expect(rdf.iri).toBe('https://w3id.org/mdkg/doc/notes/my%20note');
    expect(rdf.names[0]).toBe('doc:notes/my note');
  });

  it('resolves relative ids against the document and scopes parameters', async () => {
    const rdf = await quadsOf('---\nid: tool:fs/read\nparameters:\n  - { id: "#path", name: path, type: string, required: true }\n---\n');
    expect(lines(rdf.quads).filter((l) => l.startsWith('https://w3id.org/mdkg/tool/fs/read#path'))).toEqual([
      `https://w3id.org/mdkg/tool/fs/read#path ${V}name "path" https://w3id.org/mdkg/tool/fs/read`,
      `https://w3id.org/mdkg/tool/fs/read#path ${V}required "true" https://w3id.org/mdkg/tool/fs/read`,
      `https://w3id.org/mdkg/tool/fs/read#path ${V}valueType "string" https://w3id.org/mdkg/tool/fs/read`,
    ]);
  });

  it('applies an inline @context to the front matter and the blocks', async () => {
    const rdf = await quadsOf(
      '---\n"@context": { ex: "http://example.org/" }\nid: ex:a\nex:p: 1\n---\n```jsonld\n{ "id": "ex:a", "ex:q": { "id": "ex:b" } }\n```\n',
    );
    expect(rdf.diagnostics).toEqual([]);
    expect(lines(rdf.quads).filter((l) => l.includes('example.org/p') || l.includes('example.org/q'))).toEqual([
      'http://example.org/a http://example.org/p "1" http://example.org/a',
      'http://example.org/a http://example.org/q http://example.org/b http://example.org/a',
    ]);
  });

  it('scopes blank nodes per document, so two documents never share one', async () => {
    const text = (id: string) => `---\nid: concept:${id}\n---\n\`\`\`jsonld\n{ "id": "concept:${id}", "related": { "title": "anon" } }\n\`\`\`\n`;
    const a = await quadsOf(text('a'), 'a.md');
    const b = await quadsOf(text('b'), 'b.md');
    const blanks = (q: typeof a.quads) => new Set(q.filter((x) => x.subject.termType === 'BlankNode').map((x) => x.subject.value));
    expect(blanks(a.quads).size).toBe(1);
    expect([...blanks(a.quads)].some((v) => blanks(b.quads).has(v))).toBe(false);
  });

  it.each([
    ['a key the context does not map', '---\nid: concept:a\ntitel: oops\n---\n', 'MDKG_JSONLD_DROPPED_TERM', 3, 1, "JSON-LD would drop 'titel'"],
    [
      'a dropped key inside a block',
      '---\nid: concept:a\n---\n```jsonld\n{\n  "id": "concept:a",\n  "nope": 1\n}\n```\n',
      'MDKG_JSONLD_DROPPED_TERM',
      7,
      3,
      "'nope'",
    ],
    ['an unknown prefix', '---\nid: concept:a\nrelated: [foo:bar]\n---\n', 'MDKG_UNKNOWN_PREFIX', 3, 11, "unknown prefix 'foo'"],
    [
      'a remote context',
      '---\n"@context": https://example.org/context.jsonld\nid: concept:a\n---\n',
      'MDKG_REMOTE_CONTEXT',
      2,
      13,
      'remote JSON-LD context https://example.org/context.jsonld',
    ],
    ['invalid JSON-LD', '---\nid: concept:a\n---\n```jsonld\n{ "id": 5 }\n```\n', 'MDKG_JSONLD_INVALID', 2, 1, 'invalid JSON-LD'],
  ])('%s gives %s with file, line and column', async (_name, text, code, line, column, message) => {
    const rdf = await quadsOf(text, 'bad.md');
    expect(rdf.diagnostics).toHaveLength(1);
    expect(rdf.diagnostics[0]).toMatchObject({ code, severity: 'error', file: 'bad.md', line, column });
    expect(rdf.diagnostics[0]?.message).toContain(message);
  });

  it('keeps the valid triples of a document with an unknown prefix', async () => {
    const rdf = await quadsOf('---\nid: concept:a\ntitle: A\nrelated: [foo:bar, concept:b]\n---\n');
    expect(lines(rdf.quads).filter((l) => l.includes('relatedTo') || l.includes('name'))).toEqual([
      `https://w3id.org/mdkg/concept/a ${S}name "A" https://w3id.org/mdkg/concept/a`,
      `https://w3id.org/mdkg/concept/a ${V}relatedTo https://w3id.org/mdkg/concept/b https://w3id.org/mdkg/concept/a`,
    ]);
  });
});

describe('document ids', () => {
  it('names the graph and the subject with the same IRI for a relative id', async () => {
    const rdf = await quadsOf('---\nid: foo/bar\ntitle: T\n---\n', 'sub/c.md');
    expect(rdf.iri).toBe('https://w3id.org/mdkg/doc/sub/foo/bar');
    expect(new Set(rdf.quads.map((q) => q.subject.value))).toEqual(new Set([rdf.iri]));
  });

  it.each([
    ['a blank node id', '_:b0', 'MDKG_INVALID_ID', "id '_:b0' is a blank node"],
    ['an id with a space', 'concept:a b', 'MDKG_INVALID_ID', "id 'concept:a b' has characters an IRI cannot hold"],
    ['an unknown prefix', 'ex:thing', 'MDKG_UNKNOWN_PREFIX', "unknown prefix 'ex' in id 'ex:thing'"],
  ])('refuses %s and falls back to the path IRI', async (_name, id, code, message) => {
    const rdf = await quadsOf(`---\nid: "${id}"\ntitle: T\n---\n`, 'odd.md');
    expect(rdf.iri).toBe('https://w3id.org/mdkg/doc/odd');
    expect(rdf.diagnostics.map((d) => [d.code, d.line])).toEqual([[code, 2]]);
    expect(rdf.diagnostics[0]?.message).toContain(message);
  });

  it('does not crash on an id that is no IRI at all', async () => {
    const rdf = await quadsOf('---\nid: "//"\n---\n', 'odd.md');
    expect(rdf.iri).toBe('https://w3id.org/mdkg/doc/odd');
    expect(rdf.diagnostics.map((d) => d.code)).toEqual(['MDKG_INVALID_ID']);
    const numeric = await quadsOf('---\nid: 5\ntitle: T\n---\n', 'odd.md');
    expect(numeric.diagnostics.map((d) => [d.code, d.line])).toEqual([['MDKG_INVALID_ID', 2]]);
    expect(lines(numeric.quads)).toContain(`https://w3id.org/mdkg/doc/odd ${S}name "T" https://w3id.org/mdkg/doc/odd`);
  });

  it.each([
    ['a default-context term that is not a class', 'type: title', ['title']],
    ['an unknown word among known classes', 'type: [Tool, Widget]', ['Widget']],
    ['a prototype name', 'type: constructor', ['constructor']],
    ['a class term of the inline context', '"@context": { Thing: "https://schema.org/Thing" }\ntype: Thing', []],
  ])('checks type words: %s', async (_name, line, flagged) => {
    const rdf = await quadsOf(`---\nid: concept:a\n${line}\n---\n`, 't.md');
    expect(rdf.diagnostics.map((d) => d.message.replace(/^type '([^']+)'.*$/, '$1'))).toEqual(flagged);
    expect(lines(rdf.quads).filter((l) => l.includes('rdf-syntax-ns#type') && l.includes('/doc/'))).toEqual([]);
  });

  it('accepts hierarchical IRIs of any scheme and flags bare type words', async () => {
    const ok = await quadsOf('---\nid: concept:a\nsee_also: [ipfs://bafy, "git://host/repo", "urn:x:y"]\n---\n');
    expect(ok.diagnostics).toEqual([]);
    const bad = await quadsOf('---\nid: concept:a\ntype: Widget\n---\n', 'w.md');
    expect(bad.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['MDKG_UNKNOWN_PREFIX', 3, 7]]);
  });

  it('lists a single-string alias among the link names', async () => {
    expect((await quadsOf('---\nid: concept:a\ntitle: A\naliases: cat\n---\n')).names).toEqual(['concept:a', 'A', 'cat', 'doc']);
  });
});

describe('ids', () => {
  it.each([
    ['tool:x/y', 'https://w3id.org/mdkg/tool/x/y'],
    ['https://example.org/a', 'https://example.org/a'],
    ['urn:isbn:1', 'urn:isbn:1'],
    ['sibling', 'https://w3id.org/mdkg/doc/dir/sibling'],
    ['#frag', 'https://w3id.org/mdkg/doc/dir/file#frag'],
  ])('expandId(%s)', (id, iri) => {
    expect(expandId(id, { tool: 'https://w3id.org/mdkg/tool/' }, pathIri('dir/file.md'))).toBe(iri);
  });
});

describe('documentToEncoded', () => {
  it.each([
    ['a plain document', '---\nid: concept:a\ntype: Concept\ntitle: Alpha\nscore: "0.5"\nreadOnlyHint: true\nparameters:\n  - { name: p }\n---\n'],
    [
      'a language tag in capitals and a typed literal',
      '---\nid: concept:b\n"@context": { "x": "https://e.org/x" }\nx: [{ "@value": "Hallo", "@language": "DE-at" }, { "@value": "3", "@type": "https://e.org/t" }]\n---\n',
    ],
  ])('gives each term its canonical code, the key the store interns it under (%s)', async (_name, text) => {
    const { encoded, diagnostics } = await documentToEncoded(parseDocument(text, 'doc.md'));
    expect(diagnostics).toEqual([]);
    expect(encoded.terms.length).toBeGreaterThan(4);
    expect(encoded.terms.map((code) => encodeTerm(decodeTerm(code)))).toEqual(encoded.terms);
    expect(encoded.spo.length % 3).toBe(0);
  });
});
