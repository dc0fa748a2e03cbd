// Bindings of declared dependencies as the search reads them: `bindings` literals written by the
// generator (from OpenAPI links) or by hand.
import { describe, expect, it } from 'vitest';
import { sourceDocuments } from '../../../src/generate/source-documents.js';
import { KnowledgeGraph } from '../../../src/graph/knowledge-graph.js';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import { readToolsForIndex } from '../../../src/search/catalog/tool-records.js';
import { tempDir } from '../../helpers/temp-dir.js';

const doc = (name: string, extra: string): string => `---\nid: tool:s/${name}\ntype: Tool\nname: ${name}\nsource: s\n${extra}---\n# ${name}\n`;

async function bindingsOf(files: Record<string, string>): Promise<string[]> {
  const dir = await tempDir(files);
  const kg = await KnowledgeGraph.load(dir, { cache: false });
  const { catalog } = readToolsForIndex(kg.store, []);
  const names = catalog.tools.map((t) => t.name);
  return (catalog.bindings ?? []).map((b) => `${names[b.tool]}.${b.parameter} <- ${names[b.producer]}.${b.field} ${b.rule}`);
}

describe('readBindings (through readToolsForIndex)', () => {
  it('reads hand-written bindings; a malformed one, an unknown producer and a self binding are skipped', async () => {
    const bindings = [
      'path.petId <- tool:s/list response[].id',
      'owner <- https://w3id.org/mdkg/tool/s/list response[].owner declared:meta',
      'not a binding',
      'x <- tool:s/missing response.id',
      'y <- tool:s/get response.id',
    ];
    expect(
      await bindingsOf({
        'tools/get.md': doc('get', `requires:\n  - tool:s/list\nbindings:\n${bindings.map((b) => `  - ${JSON.stringify(b)}`).join('\n')}\n`),
        'tools/list.md': doc('list', ''),
      }),
    ).toEqual(['get.path.petId <- list.response[].id declared:document', 'get.owner <- list.response[].owner declared:meta']);
  });

  it('reads bindings from a jsonld block of a hand-written document', async () => {
    const block = { id: 'tool:s/get', requires: ['tool:s/list'], bindings: ['path.petId <- tool:s/list response[].id declared:meta'] };
    expect(
      await bindingsOf({
        'tools/get.md': `${doc('get', '')}\n\`\`\`jsonld\n${JSON.stringify(block)}\n\`\`\`\n`,
        'tools/list.md': doc('list', ''),
      }),
    ).toEqual(['get.path.petId <- list.response[].id declared:meta']);
  });

  it('reads what the generator writes for OpenAPI links', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            responses: { '200': { description: 'ok', links: { Get: { operationId: 'getPet', parameters: { petId: '$response.body#/0/id' } } } } },
          },
        },
        '/pets/{petId}': {
          get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true }], responses: { '200': { description: 'ok' } } },
        },
      },
    };
    const { tools } = readOpenApi(JSON.stringify(spec), { source: 's' });
    const { documents } = sourceDocuments(tools, {});
    const text = documents.get('getPet.md') ?? '';
    expect(text).toContain('  - path.petId <- tool:s/listPets response[].id declared:openapi-links\n');
    expect(text).toContain('requires tool:s/listPets extracted 1.0 declared:openapi-links: link Get of GET /pets (200): response[].id -> path.petId');
    const files = Object.fromEntries([...documents].map(([path, content]) => [`tools/s/${path}`, content]));
    expect(await bindingsOf(files)).toEqual(['getPet.path.petId <- listPets.response[].id declared:openapi-links']);
  });
});
