// get_file_structure and get_repo_map over a small generated project, and the PageRank under them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { fileStructure, renderStructure } from '../../src/code-search/file-structure.js';
import { pageRank, repoMap } from '../../src/code-search/repo-map.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let index: CodeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-map-'));
  index = codeIndexOf((await codeProject(dir)).store);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fileStructure', () => {
  it('opens folders down to the depth, with counts and top-level symbols', () => {
    expect(renderStructure(fileStructure(index, { depth: 1 })!)).toBe(
      [
        './  4 files, 6 symbols',
        '  src/  2 files, 4 symbols',
        '    src/auth/  1 files, 3 symbols',
        '    src/util/  1 files, 1 symbols',
        '  tests/  1 files, 1 symbols',
        '    session.test.ts  7 lines, 1 symbols: function signInTwice',
        '  mdkg.config.yaml  1 lines, 1 symbols: block L1-L1',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [
      'src/auth',
      {
        path: 'src/auth',
        files: 1,
        symbols: 3,
        entries: [{ path: 'src/auth/session.ts', language: 'typescript', lines: 14, symbols: 3, top: [{ name: 'SessionStore', kind: 'class', line: 4 }] }],
      },
    ],
    [
      'src/util/crypto.ts',
      {
        path: 'src/util',
        files: 1,
        symbols: 1,
        entries: [{ path: 'src/util/crypto.ts', language: 'typescript', lines: 4, symbols: 1, top: [{ name: 'hashPassword', kind: 'function', line: 2 }] }],
      },
    ],
  ])('%s', (path, expected) => {
    expect(fileStructure(index, { path, depth: 0 })).toEqual({ ...expected, folders: [] });
  });

  it('is undefined for a path without code', () => {
    expect(fileStructure(index, { path: 'docs' })).toBeUndefined();
  });
});

describe('pageRank', () => {
  it('sums to 1 and ranks the most referenced node first', () => {
    const rank = pageRank(3, [
      [0, 2, 1],
      [1, 2, 1],
      [2, 0, 1],
    ]);
    expect(rank.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect([...rank.keys()].sort((a, b) => rank[b]! - rank[a]!)).toEqual([2, 0, 1]);
  });

  it('leans towards the teleport nodes', () => {
    const rank = pageRank(3, [], Float64Array.from([0, 1, 0]));
    expect(rank[1]).toBeCloseTo(1, 9);
  });
});

describe('repoMap', () => {
  it('ranks the symbol everything calls first and stays within the budget', () => {
    const map = repoMap(index, { budgetTokens: 64 });
    expect(map.symbols[0]?.id).toBe('src/util/crypto.ts#hashPassword');
    expect(map.tokens).toBeLessThanOrEqual(64);
    expect(map.text.startsWith('src/')).toBe(true);
  });

  it('leans towards the focus, and reports a focus that matches nothing', () => {
    const map = repoMap(index, { focus: ['tests', 'nowhere'] });
    expect(map.symbols[0]?.id).toBe('tests/session.test.ts#signInTwice');
    expect(map.unmatchedFocus).toEqual(['nowhere']);
  });
});
