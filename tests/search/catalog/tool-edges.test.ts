// Dependency edges as the search reads them from the graph: qualified `dependencies` nodes
// (relation, target, confidence, score; tool document format 1), `edge_notes` literals (format 2)
// and plain relation lists; a qualified or noted edge wins over the plain one with the same tools
// and relation.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../../src/graph/knowledge-graph.js';
import { readToolsForIndex } from '../../../src/search/catalog/tool-records.js';
import { tempDir } from '../../helpers/temp-dir.js';

const doc = (name: string, extra: string): string => `---\nid: tool:s/${name}\ntype: Tool\nname: ${name}\nsource: s\n${extra}---\n# ${name}\n`;

describe('readEdges (through readToolsForIndex)', () => {
  it('reads qualified and plain edges, the qualified one winning, unknown targets dropped', async () => {
    const dir = await tempDir({
      'tools/a.md': doc(
        'a',
        [
          'requires:',
          '  - tool:s/b',
          'precedes:',
          '  - tool:s/c',
          'dependencies:',
          '  - id: "#dep-requires-b"',
          '    type: Dependency',
          '    relation: requires',
          '    target: tool:s/b',
          '    confidence: extracted',
          '    score: "0.9"',
          '  - id: "#dep-next-missing"',
          '    type: Dependency',
          '    relation: nextStep',
          '    target: tool:s/missing',
          '    confidence: inferred',
          '    score: "0.5"',
          '',
        ].join('\n'),
      ),
      'tools/b.md': doc('b', 'related:\n  - tool:s/c\n'),
      'tools/c.md': doc('c', ''),
    });
    const kg = await KnowledgeGraph.load(join(dir), { cache: false });
    const { catalog } = readToolsForIndex(kg.store, []);
    const names = catalog.tools.map((t) => t.name);
    const edges = catalog.edges.map((e) => `${names[e.from]} ${e.relation} ${names[e.to]} ${e.confidence} ${e.score}`).sort();
    expect(edges).toEqual(['a precedes c extracted 1', 'a requires b extracted 0.9', 'b relatedTo c extracted 1']);
  });

  it.each([
    ['a note with a compact target', 'requires tool:s/b extracted 0.9 field-match: b gives a its id', ['a requires b extracted 0.9']],
    [
      'a note with a full IRI, no evidence',
      'nextStep https://w3id.org/mdkg/tool/s/c inferred 0.3 crud-order:',
      ['a nextStep c inferred 0.3', 'a requires b extracted 1'],
    ],
    ['a rule with a colon', 'requires tool:s/b inferred 0.4 x:y: why', ['a requires b inferred 0.4']],
    ['a score out of range, an unknown confidence', 'requires tool:s/b sure 7 r: e', ['a requires b ambiguous 1']],
    ['an unknown relation, target or self edge', 'causes tool:s/b inferred 0.3 r: e', ['a requires b extracted 1']],
    ['a missing target', 'requires tool:s/missing inferred 0.3 r: e', ['a requires b extracted 1']],
    ['a note that is not one', 'requires b', ['a requires b extracted 1']],
  ])('reads format-2 edge notes: %s', async (_case, note, expected) => {
    const dir = await tempDir({
      'tools/a.md': doc('a', `requires:\n  - tool:s/b\nedge_notes:\n  - ${JSON.stringify(note)}\n`),
      'tools/b.md': doc('b', ''),
      'tools/c.md': doc('c', ''),
    });
    const kg = await KnowledgeGraph.load(join(dir), { cache: false });
    const { catalog } = readToolsForIndex(kg.store, []);
    const names = catalog.tools.map((t) => t.name);
    expect(catalog.edges.map((e) => `${names[e.from]} ${e.relation} ${names[e.to]} ${e.confidence} ${e.score}`).sort()).toEqual(expected);
  });

  it('a document with both forms: the qualified nodes are read, its notes ignored', async () => {
    const dir = await tempDir({
      'tools/a.md': doc(
        'a',
        'dependencies:\n  - id: "#d"\n    type: Dependency\n    relation: requires\n    target: tool:s/b\n    confidence: inferred\n    score: "0.2"\nedge_notes:\n  - "precedes tool:s/b inferred 0.3 r: e"\n',
      ),
      'tools/b.md': doc('b', ''),
    });
    const kg = await KnowledgeGraph.load(join(dir), { cache: false });
    const { catalog } = readToolsForIndex(kg.store, []);
    expect(catalog.edges.map((e) => `${e.from} ${e.relation} ${e.to} ${e.confidence} ${e.score}`)).toEqual(['0 requires 1 inferred 0.2']);
  });
});
