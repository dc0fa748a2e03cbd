// Dependency edges as the search reads them from the graph: qualified `dependencies` nodes
// (relation, target, confidence, score) and plain relation lists; a qualified edge wins over the
// plain one with the same tools and relation.
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
});
