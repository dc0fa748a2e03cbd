// The repository's root holds only what belongs to the project: a scratch script, a probe or a
// stray output committed at the root fails here. A new root entry is added to this list on purpose.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

const ROOT_ENTRIES = [
  '.ci',
  '.gitattributes',
  '.gitignore',
  'CHANGELOG.md',
  'README.md',
  'benchmarks',
  'bin',
  'biome.jsonc',
  'docs',
  'graphs',
  'mdkg.config.yaml',
  'package-lock.json',
  'package.json',
  'schemas',
  'scripts',
  'src',
  'tests',
  'tsconfig.build.json',
  'tsconfig.json',
  'vitest.config.ts',
  'web',
];

/** Paths git tracks; without git (a copy of the tree), the root's entries less what .gitignore keeps out. */
function tracked(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    const ignored = new Set(['.git', 'node_modules', 'dist', '.mdkg', 'coverage']);
    return readdirSync(REPO).filter((entry) => !ignored.has(entry) && !/^mdkg-.*\.tgz$/.test(entry));
  }
}

describe('the repository root', () => {
  it('tracks only the entries that belong there', () => {
    const top = [...new Set(tracked().map((path) => path.split('/')[0] as string))].sort();
    expect(top.filter((entry) => !ROOT_ENTRIES.includes(entry))).toEqual([]);
  });
});
