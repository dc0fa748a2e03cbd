// A prefixed name with a slash (`tool:memory/delete_entities`) means the same in every query form.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { REPO } from '../helpers/cli.js';

const ID = 'tool:memory/delete_entities';
const IRI = 'https://w3id.org/mdkg/tool/memory/delete_entities';

describe('prefixed names with a slash in every query form', () => {
  it.each([
    [`ASK { ${ID} a mdkg:Tool }`, 'boolean', true],
    [`ASK { ${ID.replace('/', '\\/')} a mdkg:Tool }`, 'boolean', true],
    [`ASK { tool:memory/no_such_tool a mdkg:Tool }`, 'boolean', false],
    [`SELECT ?n WHERE { ${ID} mdkg:name ?n }`, 'bindings', 1],
    [`CONSTRUCT { ${ID} a mdkg:Tool } WHERE { ${ID} a mdkg:Tool }`, 'quads', 1],
    [`DESCRIBE ${ID}`, 'quads', 'some'],
  ] as const)('%s', async (query, kind, want) => {
    const kg = await loadGraph(join(REPO, 'graphs'), { cache: false });
    const result = await kg.query(query, { timeoutMs: 10_000 });
    expect(result.kind).toBe(kind);
    if (result.kind === 'boolean') expect(result.value).toBe(want);
    if (result.kind === 'bindings') expect(result.rows.length).toBe(want);
    if (result.kind === 'quads') {
      if (want === 'some') expect(result.quads.some((q) => q.subject.value === IRI)).toBe(true);
      else expect(result.quads.map((q) => q.subject.value)).toEqual([IRI]);
    }
  });
});
