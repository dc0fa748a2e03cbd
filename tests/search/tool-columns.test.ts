import { describe, expect, it } from 'vitest';
import type { ToolRecord } from '../../src/search/catalog/tool-records.js';
import { packTools, unpackTools } from '../../src/search/tool-columns.js';

const tools: ToolRecord[] = [
  {
    iri: 'https://w3id.org/mdkg/tool/fs/read_file',
    id: 'tool:fs/read_file',
    name: 'read_file',
    source: 'fs',
    title: 'Read a file',
    description: 'Reads a file.',
    annotations: { readOnlyHint: true, destructiveHint: false },
    inferredHints: new Set(['destructiveHint']),
    required: ['path'],
    groups: ['https://w3id.org/mdkg/tool/fs/_groups/files'],
    deprecated: false,
  },
  // text beyond ASCII: the columns are UTF-8 bytes, a record's fields are found by byte offsets
  {
    iri: 'urn:x:é',
    id: 'tool:ü/lê',
    name: 'lê_ficheiro',
    source: 'ü',
    title: 'Lê um ficheiro — ✓',
    description: '日本語の説明 😀',
    annotations: { readOnlyHint: true },
    inferredHints: new Set(),
    required: ['caminho'],
    groups: [],
  },
  // no title, description or deprecation: they stay absent
  { iri: 'urn:x:b', id: 'tool:b/x', name: 'x', source: 'b', annotations: {}, inferredHints: new Set(), required: [], groups: [] },
];

const plain = (t: ToolRecord): Record<string, unknown> => ({
  iri: t.iri,
  id: t.id,
  name: t.name,
  source: t.source,
  title: t.title,
  description: t.description,
  annotations: t.annotations,
  inferredHints: [...t.inferredHints],
  required: t.required,
  groups: t.groups,
  deprecated: t.deprecated,
});

describe('tool columns (the tools of a persisted index)', () => {
  it('gives back every field of every record', () => {
    expect(unpackTools(packTools(tools)).map(plain)).toEqual(tools.map(plain));
  });

  it('packs unpacked records again to the same columns', () => {
    const columns = packTools(tools);
    expect(packTools(unpackTools(columns))).toEqual(columns);
  });
});
