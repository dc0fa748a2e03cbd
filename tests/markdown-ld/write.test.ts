import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import type { DocumentModel, ParsedDocument } from '../../src/markdown-ld/types.js';
import { canonicalize, writeDocument } from '../../src/markdown-ld/write.js';
import { documentToQuads } from '../../src/rdf/to-quads.js';
import { canonical } from '../helpers/rdf.js';

const models: Array<[string, DocumentModel]> = [
  ['minimal', { frontMatter: { id: 'concept:x', title: 'X' } }],
  [
    'tool with parameters, hints and a block',
    {
      frontMatter: {
        tags: ['filesystem', 'read'],
        title: 'Read file',
        id: 'tool:filesystem/read_file',
        type: 'Tool',
        readOnlyHint: true,
        summary: 'Read the complete contents of a file: "quoted" text, colons: yes',
        aliases: ['cat', 'open file'],
        parameters: [{ required: true, name: 'path', id: '#path', type: 'string', description: 'Path of the file\nsecond line' }],
        related: ['tool:filesystem/list_directory'],
      },
      body: '# Read file\r\n\r\nFree Markdown.  \nHard break kept.\n\n\n',
      blocks: [{ requires: { id: 'tool:filesystem/list_allowed_directories', confidence: 'inferred' }, id: 'tool:filesystem/read_file' }],
    },
  ],
  [
    'inline context, numbers, nulls dropped by JSON-LD, unicode',
    {
      frontMatter: { '@context': { ex: 'http://example.org/' }, id: 'ex:doc', 'ex:count': 3, 'ex:ratio': 0.25, 'ex:label': 'Grüße — 東京', 'ex:empty': '' },
      blocks: [
        [
          { id: 'ex:a', 'ex:p': { 'ex:q': 'blank node value' } },
          { id: 'ex:b', 'ex:p': 'yes' },
        ],
      ],
    },
  ],
  [
    'strings that look like other YAML types',
    { frontMatter: { id: 'concept:y', title: 'true', summary: '2024-01-01', description: '0x10', tags: ['null', '~', '- dash', '#hash', 'a: b'] } },
  ],
];

async function graphOf(doc: ParsedDocument): Promise<string> {
  const rdf = await documentToQuads(doc);
  expect(rdf.diagnostics).toEqual([]);
  // provenance differs by content hash; compare the described graph only
  return canonical(rdf.quads.filter((q) => !q.predicate.value.endsWith('#contentHash')));
}

describe('writeDocument', () => {
  it.each(models)('%s: same model, byte-identical text', (_name, model) => {
    const reordered: DocumentModel = { ...model, frontMatter: Object.fromEntries(Object.entries(model.frontMatter).reverse()) };
    expect(writeDocument(model)).toBe(writeDocument(structuredClone(model)));
    expect(writeDocument(reordered)).toBe(writeDocument(model));
  });

  it.each(models)('%s: parsing the text gives the same front matter and an isomorphic graph', async (_name, model) => {
    const text = writeDocument(model);
    const parsed = parseDocument(text, 'doc.md');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.frontMatter).toEqual(canonicalize(model.frontMatter));
    const direct: ParsedDocument = { ...parsed, frontMatter: model.frontMatter, blocks: (model.blocks ?? []).map((value) => ({ value, line: 1, text: '' })) };
    expect(await graphOf(parsed)).toBe(await graphOf(direct));
    expect(
      writeDocument({
        frontMatter: parsed.frontMatter ?? {},
        ...(model.body === undefined ? {} : { body: model.body }),
        blocks: parsed.blocks.map((b) => b.value),
      }),
    ).toBe(text);
  });

  it('renders a fixed layout', () => {
    expect(writeDocument({ frontMatter: { title: 'A', id: 'concept:a', tags: ['x'] }, body: '\n\nHello\n', blocks: [{ b: 1, a: [2] }] })).toBe(
      '---\nid: concept:a\ntitle: A\ntags:\n  - x\n---\n\nHello\n\n```jsonld\n{\n  "a": [\n    2\n  ],\n  "b": 1\n}\n```\n',
    );
  });
});
