import { describe, expect, it } from 'vitest';
import { sourceDocument } from '../../src/generate/source-document.js';
import { sourceDocuments } from '../../src/generate/source-documents.js';
import type { ToolModel } from '../../src/ingest/types.js';
import { writeDocument } from '../../src/markdown-ld/write.js';

const tool = (name: string): ToolModel =>
  ({ name, source: 'notes', kind: 'mcp', description: `${name} tool`, parameters: [], annotations: {}, hints: {} }) as unknown as ToolModel;

describe('sourceDocument: a source as it describes itself', () => {
  it.each([
    ['nothing known', {}, undefined],
    ['a blank description only', { description: '  ' }, undefined],
    [
      'the user description only',
      { description: 'my notes: meetings and ideas' },
      { id: 'tool:notes', type: 'ToolSource', title: 'notes', source: 'notes', description: 'my notes: meetings and ideas' },
    ],
    [
      'name, version and instructions; the name is the title',
      { server: { name: 'notes-server', version: '1.2.0', instructions: 'Use search first.\n\nThen open.' } },
      {
        id: 'tool:notes',
        type: 'ToolSource',
        title: 'notes-server',
        name: 'notes-server',
        version: '1.2.0',
        source: 'notes',
        instructions: 'Use search first.\n\nThen open.',
      },
    ],
    [
      'a title wins over the name',
      { server: { name: 'n', title: 'Note Keeper' }, description: 'meetings' },
      { id: 'tool:notes', type: 'ToolSource', title: 'Note Keeper', name: 'n', source: 'notes', description: 'meetings' },
    ],
  ])('%s', (_what, words, expected) => {
    const doc = sourceDocument('notes', words);
    if (expected === undefined) expect(doc).toBeUndefined();
    else expect(Object.fromEntries(Object.entries(doc?.frontMatter ?? {}).filter(([k]) => k !== 'generated'))).toEqual(expected);
  });

  it('is written as _source.md beside the tools, deterministically, and not when a tool owns the name', () => {
    const words = { source: 'notes', server: { name: 'notes-server', instructions: 'Line one\n---\nLine two' } };
    const { documents } = sourceDocuments([tool('find'), tool('add')], {}, words);
    expect([...documents.keys()].sort()).toEqual(['_source.md', 'add.md', 'find.md']);
    expect(documents.get('_source.md')).toBe(writeDocument(sourceDocument('notes', words)!));
    expect(documents.get('_source.md')).toBe(sourceDocuments([tool('add'), tool('find')], {}, words).documents.get('_source.md'));
    expect([...sourceDocuments([tool('find')], {}).documents.keys()]).toEqual(['find.md']);
    expect([...sourceDocuments([tool('_source')], {}, words).documents.keys()]).toEqual(['_source.md']);
    expect(sourceDocuments([tool('_source')], {}, words).documents.get('_source.md')).toContain('id: tool:notes/_source');
  });
});
