// One search from start to end (searchIndex under ToolIndex.search): the diagnostics it adds,
// and how the best tool of each clause of a multi-step request is moved up.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { interleaveClauses } from '../../src/search/pipeline.js';
import type { Fused } from '../../src/search/rank/fusion.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { tempDir } from '../helpers/temp-dir.js';

const fused = (...docs: number[]): Fused[] => docs.map((doc, i) => ({ doc, score: 1 / (i + 1), ranks: {} }));

describe('interleaveClauses', () => {
  it.each<[string, number[], number[][], number[]]>([
    ['the clauses first tools follow the whole first, in clause order', [1, 2, 3, 4], [[4, 1], [3]], [1, 4, 3, 2]],
    ['a tool already placed is not repeated', [1, 2, 3], [[1], [2]], [1, 2, 3]],
    ['a clause tool the whole ranking lacks is added', [1, 2], [[9]], [1, 9, 2]],
    ['no clauses leave the ranking as it is', [3, 1, 2], [], [3, 1, 2]],
  ])('%s', (_, whole, clauses, expected) => {
    expect(
      interleaveClauses(
        fused(...whole),
        clauses.map((c) => fused(...c)),
      ).map((f) => f.doc),
    ).toEqual(expected);
  });

  it('keeps the whole ranking entry of a clause tool', () => {
    const whole = fused(1, 2);
    expect(interleaveClauses(whole, [fused(2)])[1]).toBe(whole[1]);
  });
});

const doc = (name: string, description: string): string =>
  `---\nid: tool:s/${name}\ntype: Tool\nname: ${name}\nsource: s\ndescription: ${description}\n---\n# ${name}\n`;

describe('searchIndex', () => {
  it('says when the graph has no tools', async () => {
    const dir = await tempDir({ 'notes/x.md': '---\nid: concept:x\ntype: Concept\ntitle: X\n---\n# X\n' });
    const index = ToolIndex.build(await KnowledgeGraph.load(dir, { cache: false }));
    const result = await index.search('delete a file');
    expect([result.hits, result.diagnostics.map((d) => d.code), result.mode]).toEqual([[], ['MDKG_INDEX_EMPTY'], 'none']);
  });

  it('returns nothing for an empty request, and flags a request no tool matches', async () => {
    const dir = await tempDir({
      'tools/a.md': doc('upload_photo', 'Upload a photo to the album.'),
      'tools/b.md': doc('rename_album', 'Rename a photo album.'),
    });
    const index = ToolIndex.build(await KnowledgeGraph.load(join(dir), { cache: false }));
    expect((await index.search('   ')).hits).toEqual([]);
    const none = await index.search('quantum chromodynamics lattice');
    expect([none.hits.length, none.diagnostics.map((d) => d.code)]).toEqual([0, ['MDKG_LOW_CONFIDENCE']]);
  });

  it('searches a multi-step request by clause and leaves a negated action out', async () => {
    const dir = await tempDir({
      'tools/a.md': doc('upload_photo', 'Upload a photo to the album.'),
      'tools/b.md': doc('rename_album', 'Rename a photo album.'),
      'tools/c.md': doc('delete_album', 'Delete a photo album and its photos.'),
    });
    const index = ToolIndex.build(await KnowledgeGraph.load(join(dir), { cache: false }));
    const steps = await index.search('upload the photo, then rename the album', { limit: 2 });
    // both steps in the top 2, whichever the whole request ranks first
    expect([steps.hits.map((h) => h.name).sort(), steps.mode.includes('clauses:2')]).toEqual([['rename_album', 'upload_photo'], true]);
    const negated = await index.search('rename the album, do not delete it', { limit: 1 });
    expect([negated.hits.map((h) => h.name), negated.mode.includes('negation')]).toEqual([['rename_album'], true]);
  });
});

describe('searchIndex: languages (docs/languages.md)', () => {
  const tools = {
    'tools/a.md': doc('send_message', 'Send a message to a channel.'),
    'tools/b.md': doc('rename_file', 'Rename a file.'),
    'tools/c.md': doc('delete_folder', 'Delete a folder and the files in it.'),
  };

  it.each<[string, string, string, string]>([
    ['그 폴더를 지워 주세요', 'delete folder', 'glossary:ko', 'delete_folder'],
    ['파일 이름을 바꿔줘', 'change file name', 'glossary:ko', 'rename_file'],
    ['チャンネルにメッセージを送ってください', 'send チャンネル message', 'glossary:ja', 'send_message'],
  ])('reads %s through the glossary', async (request, searched, mode, top) => {
    const index = ToolIndex.build(await KnowledgeGraph.load(await tempDir(tools), { cache: false }));
    const result = await index.search(request, { limit: 1 });
    expect([result.searched, result.mode.split('+')[0], result.diagnostics.map((d) => d.code).filter((c) => c !== 'MDKG_LOW_CONFIDENCE')]).toEqual([
      searched,
      mode,
      [],
    ]);
    expect(result.hits[0]?.name).toBe(top);
  });

  it('says when a request is in a script the glossary does not read, and when a normalizer rewrote it', async () => {
    const kg = await KnowledgeGraph.load(await tempDir(tools), { cache: false });
    const plain = await ToolIndex.build(kg).search('удалить папку');
    expect(plain.diagnostics.filter((d) => d.code === 'MDKG_QUERY_LANGUAGE').map((d) => d.severity)).toEqual(['warning']);
    const normalizer = { name: 'fixed', normalize: async (): Promise<string> => 'delete the folder' };
    const rewritten = await ToolIndex.build(kg, { normalizer }).search('удалить папку');
    expect([rewritten.searched, rewritten.diagnostics.filter((d) => d.code === 'MDKG_QUERY_LANGUAGE').map((d) => d.severity)]).toEqual([
      'delete the folder',
      ['info'],
    ]);
    expect(rewritten.hits[0]?.name).toBe('delete_folder');
  });
});
