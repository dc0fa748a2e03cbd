// search_code by file: ranked symbol hits grouped by file, a file with several good symbols ahead of
// a file with one, at most three symbols listed under a file, and the file-level evidence.
import { describe, expect, it } from 'vitest';
import { CodeIndex } from '../../src/code-search/code-index.js';
import { groupByFile } from '../../src/code-search/search-code-files.js';
import type { CodeHit } from '../../src/code-search/types.js';

const index = new CodeIndex({
  files: ['src/a.ts', 'src/parser/b.ts', 'src/c.ts'].map((path, i) => ({
    iri: `urn:f${i}`,
    path,
    language: 'typescript',
    lines: 10 * (i + 1),
    symbols: [],
    imports: [],
  })),
  symbols: [],
  fileCalls: new Map(),
});

const hit = (file: string, name: string, confidence = 0.5, terms: string[] = []): CodeHit => ({
  id: `${file}#${name}`,
  file,
  startLine: 1,
  endLine: 2,
  kind: 'function',
  name,
  qualifiedName: name,
  signature: '',
  snippet: '',
  score: 1,
  confidence,
  evidence: terms.length === 0 ? [] : [{ source: 'bm25', matched: terms.map((term) => ({ term, fields: ['name'] })) }],
});

describe('groupByFile', () => {
  it.each([
    // one strong file first; a file with three symbols after passes a file with one at rank 2
    [
      ['src/a.ts', 'src/c.ts', 'src/parser/b.ts', 'src/parser/b.ts', 'src/parser/b.ts'],
      ['src/a.ts', 'src/parser/b.ts', 'src/c.ts'],
    ],
    [
      ['src/c.ts', 'src/a.ts'],
      ['src/c.ts', 'src/a.ts'],
    ],
    [[], []],
  ])('%j -> %j', (files, expected) => {
    const hits = files.map((f, i) => hit(f, `s${i}`));
    expect(groupByFile(index, 'parse', hits, 10).map((f) => f.file)).toEqual(expected);
  });

  it('lists at most three symbols under a file, best first, with its evidence', () => {
    const hits = [0, 1, 2, 3].map((i) => hit('src/parser/b.ts', `s${i}`, 0.9 - i / 10, i === 0 ? ['parser', 'token'] : ['token']));
    const [file] = groupByFile(index, 'parser tokens', hits, 10);
    expect(file).toEqual({
      file: 'src/parser/b.ts',
      language: 'typescript',
      lines: 20,
      score: 0.2273, // first by its symbols and by its file field ('parser' in its path): (1 + 1.5) / (10 + 1)
      confidence: 0.9,
      symbols: hits.slice(0, 3),
      evidence: { pathTerms: ['parser'], fileTerms: ['parser'], matchedTerms: ['parser', 'token'], symbolHits: 4 },
    });
  });

  it('returns at most limit files', () => {
    const hits = ['src/a.ts', 'src/parser/b.ts', 'src/c.ts'].map((f) => hit(f, 'x'));
    expect(groupByFile(index, 'x', hits, 2).map((f) => f.file)).toEqual(['src/a.ts', 'src/parser/b.ts']);
  });
});
