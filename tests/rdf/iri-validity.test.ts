// Ids and IRIs from documents never make a graph that cannot be written and read back.
import fc from 'fast-check';
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { isIriText } from '../../src/rdf/document-checks.js';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { serializeQuads } from '../../src/rdf/serialize.js';
import { documentToQuads } from '../../src/rdf/to-quads.js';

const yamlString = (s: string): string => JSON.stringify(s);

async function roundTrip(frontMatter: string): Promise<{ codes: string[]; written: number; read: number }> {
  const doc = parseDocument(`---\n${frontMatter}\n---\n# X\n`, 'x.md');
  const result = await documentToQuads(doc);
  const text = await serializeQuads(result.quads, 'nquads', DEFAULT_PREFIXES);
  const read = new Parser({ format: 'N-Quads' }).parse(text);
  return { codes: [...doc.diagnostics, ...result.diagnostics].map((d) => d.code), written: result.quads.length, read: read.length };
}

describe('IRIs from documents', () => {
  it.each([
    ['NUL in the id', 'id: "concept:a\\0b"', 'MDKG_INVALID_ID'],
    ['> in the id', 'id: "concept:a>b"', 'MDKG_INVALID_ID'],
    ['a space in the id', 'id: "concept:a b"', 'MDKG_INVALID_ID'],
    ['an escape character in the id', 'id: "concept:a\\eb"', 'MDKG_INVALID_ID'],
    ['NUL in a linked id', 'id: concept:a\nschema:sameAs: {id: "concept:q\\0r"}', 'MDKG_JSONLD_DROPPED_TERM'],
    ['a quote in a linked id', 'id: concept:a\nschema:sameAs: {id: "concept:q\\"r"}', 'MDKG_JSONLD_DROPPED_TERM'],
  ])('%s: %s, and the graph reads back', async (_, fm, code) => {
    const r = await roundTrip(fm);
    expect(r.codes).toContain(code);
    expect(r.read).toBe(r.written);
  });

  it('any id: loading never throws and the N-Quads read back (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('', 'concept:', 'https://example.org/'), async (id, prefix) => {
        const r = await roundTrip(`id: ${yamlString(prefix + id)}\nschema:sameAs: {id: ${yamlString(`concept:${id}`)}}`);
        expect(r.read).toBe(r.written);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['https://example.org/a', true],
    ['https://example.org/ü/日本', true],
    ['https://example.org/a b', false],
    ['https://example.org/a\u0000', false],
    ['https://example.org/a\u0085', false],
    ['https://example.org/\ud800', false],
    ['https://example.org/{x}', false],
  ])('isIriText(%j) = %s', (iri, ok) => {
    expect(isIriText(iri)).toBe(ok);
  });
});
