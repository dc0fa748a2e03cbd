import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { sourceDocuments } from '../../src/generate/source-documents.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { DEFAULT_CONTEXT_URL, defaultContext, offlineDocumentLoader } from '../../src/rdf/context.js';
import { compilePlainContext } from '../../src/rdf/plain-context.js';
import { plainToRdf } from '../../src/rdf/plain-to-rdf.js';
import { documentToQuads } from '../../src/rdf/to-quads.js';
import { GTC_PRESENT, readSharedCatalog, SHARED_CATALOGS } from '../helpers/shared-datasets.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BASE = 'https://w3id.org/mdkg/tool/fs/read';

/** What the jsonld library gives for the same nodes, or its error. */
async function full(nodes: unknown[], base: string): Promise<unknown> {
  const events: string[] = [];
  try {
    const quads = await (jsonld as unknown as { toRDF: (i: unknown, o: unknown) => Promise<unknown[]> }).toRDF(
      { '@context': DEFAULT_CONTEXT_URL, '@graph': nodes },
      { base, documentLoader: offlineDocumentLoader('x.md'), eventHandler: ({ event }: { event: { code: string } }) => events.push(event.code) },
    );
    return { quads: lines(quads), events };
  } catch (error) {
    return { error: String(error) };
  }
}

interface Term {
  termType: string;
  value: string;
  datatype?: { value: string };
  language?: string;
}
const term = (t: Term): string => `${t.termType}:${t.value}${t.datatype === undefined ? '' : `^^${t.datatype.value}`}${t.language ? `@${t.language}` : ''}`;
/** Quads as lines in their order: what documentToQuads reads of each term. */
const lines = (quads: unknown[]): string[] =>
  (quads as { subject: Term; predicate: Term; object: Term }[]).map((q) => `${term(q.subject)} ${term(q.predicate)} ${term(q.object)}`);

/** The nodes documentToQuads hands to JSON-LD: the front matter under its IRI, then the blocks. */
async function nodesOf(text: string, path: string): Promise<{ nodes: unknown[]; base: string } | undefined> {
  const doc = parseDocument(text, path);
  if (doc.frontMatter?.['@context'] !== undefined) return undefined;
  const { iri } = await documentToQuads(doc);
  const fm: Record<string, unknown> = { ...(doc.frontMatter ?? {}) };
  delete fm.id;
  fm['@id'] = iri;
  return { nodes: [fm, ...doc.blocks.flatMap((b) => (Array.isArray(b.value) ? b.value : [b.value]))], base: iri };
}

/** Compares the plain path with jsonld on each text; counts the documents that took the plain path. */
async function differential(texts: Iterable<string>): Promise<{ compared: number; plain: number }> {
  let compared = 0;
  let plain = 0;
  let i = 0;
  for (const text of texts) {
    const input = await nodesOf(text, `doc-${(i += 1)}.md`);
    if (input === undefined) continue;
    compared += 1;
    const fast = plainToRdf(input.nodes, input.base, defaultContext);
    if (fast === undefined) continue;
    plain += 1;
    expect({ quads: lines(fast), events: [] }).toEqual(await full(input.nodes, input.base));
  }
  return { compared, plain };
}

function markdownUnder(dir: string): string[] {
  const texts: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.md')) texts.push(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }
  return texts;
}

describe('plain JSON-LD path', () => {
  it('compiles the default context (so the plain path is on)', () => {
    expect(compilePlainContext(defaultContext())).toBeDefined();
  });

  it.each([
    ['a term with a language', { '@context': { a: { '@id': 'https://e.org/a', '@language': 'en' } } }],
    ['a list container', { '@context': { a: { '@id': 'https://e.org/a', '@container': '@list' } } }],
    ['a @vocab', { '@context': { '@vocab': 'https://e.org/' } }],
    ['a term with a relative IRI', { '@context': { a: 'relative' } }],
    ['JSON-LD 1.0', { '@context': { '@version': 1.0, a: 'https://e.org/a' } }],
  ])('declines a context with %s', (_name, context) => {
    expect(compilePlainContext(context)).toBeUndefined();
  });

  it('gives the quads jsonld gives, in its order and labels, for every bundled document', async () => {
    const { compared, plain } = await differential(markdownUnder(join(REPO, 'graphs')));
    expect(compared).toBeGreaterThan(40);
    expect(plain).toBe(compared);
  });

  it('takes the plain path for every generated OpenAPI tool document, with the same quads', async () => {
    const spec = JSON.stringify(syntheticOpenApi(120, 5).spec);
    const { documents } = sourceDocuments(readOpenApi(spec, { source: 'synthetic', file: 'synthetic.json' }).tools, {});
    const { compared, plain } = await differential(documents.values());
    expect(compared).toBeGreaterThan(100);
    expect(plain).toBe(compared);
  });

  it.skipIf(!GTC_PRESENT).each(SHARED_CATALOGS)('the documents generated from the shared %s', async (source, file, kind) => {
    const { documents } = sourceDocuments(readSharedCatalog(source, file, kind).tools, {});
    // Every tenth document, at most 20: jsonld on the large ones (Kubernetes) is slow under coverage.
    const sample = [...documents.values()].filter((_, i) => i % 10 === 0).slice(0, 20);
    const { compared, plain } = await differential(sample);
    expect(plain).toBe(compared);
  });

  it.each([
    ['an inline @context', { '@id': BASE, '@context': { a: 'https://e.org/a' }, a: 1 }],
    ['a value object', { '@id': BASE, title: { '@value': 'x' } }],
    ['a list', { '@id': BASE, title: { '@list': ['x'] } }],
    ['an unknown key', { '@id': BASE, nonsense: 'x' }],
    ['a relative id', { '@id': BASE, related: ['other'] }],
    ['a blank node id', { '@id': '_:b1', title: 'x' }],
    ['a nested array', { '@id': BASE, tags: [['x']] }],
    ['a node with only an id', { '@id': BASE }],
    ['a number where an IRI belongs', { '@id': BASE, related: [3] }],
    ['an infinite number', { '@id': BASE, score: Number.POSITIVE_INFINITY }],
    ['a type that is no term', { '@id': BASE, type: 'Unknown' }],
  ])('declines %s', (_name, node) => {
    expect(plainToRdf([node], BASE, defaultContext)).toBeUndefined();
  });

  it('equals jsonld on any node built from the context’s terms (property)', async () => {
    const rare = <T>(arb: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
      fc.oneof({ arbitrary: arb, weight: 40 }, { arbitrary: bad, weight: 1 });
    const iri = rare(
      fc.constantFrom('tool:fs/a', '#frag', '#p-1', 'https://e.org/x', 'concept:b', 'urn:x:y', 'nope:z'),
      fc.constantFrom('rel', '_:x', '', '@id', 3),
    );
    const type = rare(fc.constantFrom('Tool', 'Parameter', 'Concept', 'mdkg:Thing', 'https://e.org/T'), fc.constantFrom('Unknown', '_:t', 'requires'));
    const scalar = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.constantFrom(null, 0.5, 1e21, -0, 2, '0.75', 'true'),
    );
    const some = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.array(arb, { maxLength: 3 }));
    const param = fc.record(
      { id: iri, '@type': fc.constant('Parameter'), type: scalar, name: scalar, required: scalar, in: scalar, enum: some(scalar), title: scalar },
      { requiredKeys: [] },
    );
    const dependency = fc.record(
      {
        id: iri,
        type: fc.constant('Dependency'),
        relation: rare(fc.constantFrom('requires', 'relatedTo', 'precedes'), fc.constantFrom('x', 3)),
        target: iri,
        confidence: scalar,
        score: scalar,
        rule: scalar,
      },
      { requiredKeys: [] },
    );
    const node = fc.record(
      {
        type: some(type),
        '@type': some(type),
        title: some(scalar),
        tags: some(scalar),
        related: some(iri),
        requires: some(fc.oneof(iri, fc.record({ id: iri }), fc.record({ id: iri, confidence: scalar }))),
        score: some(scalar),
        readOnlyHint: scalar,
        parameters: some(param),
        dependencies: some(dependency),
        hint_sources: some(fc.record({ id: iri, hint: scalar, origin: scalar }, { requiredKeys: [] })),
        'schema:url': some(scalar),
        'https://e.org/p': some(fc.oneof(scalar, param)),
      },
      { requiredKeys: [] },
    );
    let plain = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(node, { minLength: 1, maxLength: 2 }), async (nodes) => {
        const input = [{ '@id': BASE, ...nodes[0] }, ...nodes.slice(1).map((n) => ({ id: 'tool:fs/b', ...n }))];
        const fast = plainToRdf(structuredClone(input), BASE, defaultContext);
        if (fast === undefined) return;
        plain += 1;
        expect({ quads: lines(fast), events: [] }).toEqual(await full(input, BASE));
      }),
      { numRuns: Number(process.env.PLAIN_RUNS ?? 400), seed: Number(process.env.PLAIN_SEED ?? 7) },
    );
    if (process.env.PLAIN_RUNS) console.log('plain', plain);
    expect(plain).toBeGreaterThan(60);
  });
});
