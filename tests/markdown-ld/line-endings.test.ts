import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown-ld/parse.js';

const LF = '---\nid: concept:a\ntype: Concept\ntitle: A\n---\n# Heading\nSee [[B]].\n';

describe('line endings', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR only', '\r'],
  ])('%s: front matter, heading and links are read, with the same lines', (_, eol) => {
    const doc = parseDocument(LF.replace(/\n/g, eol), 'a.md');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.frontMatter).toEqual({ id: 'concept:a', type: 'Concept', title: 'A' });
    expect(doc.heading).toBe('Heading');
    expect(doc.links).toEqual([{ target: 'B', line: 7, column: 5 }]);
  });

  it('mixed endings (CR, LF, CRLF) count one line each', () => {
    const doc = parseDocument('---\rid: concept:a\r\ntitle: A\n---\r# H\r\n[[B]]\n', 'a.md');
    expect([doc.frontMatter, doc.heading, doc.links]).toEqual([{ id: 'concept:a', title: 'A' }, 'H', [{ target: 'B', line: 6, column: 1 }]]);
  });
});
