// Incremental runs with the per-folder hash tree (docs/code.md#incremental-runs): each change is
// seen and only it is re-parsed; a run after no change reads no file and leaves the state file
// alone; a state file that is truncated, corrupt or of another version is never trusted.
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CodeReport, generateCode, type GenerateCodeOptions } from '../../src/generate/generate-code.js';
import { tempDir } from '../helpers/temp-dir.js';

const SOURCES = {
  'src/a.ts': 'export function aa(): number {\n  return 1;\n}\n',
  'src/b.ts': "import { aa } from './a.js';\nexport const bb = (): number => aa();\n",
  'src/sub/c.py': 'def cc():\n    return 3\n',
};

/**
 * A repository after a first run and a settling run (the first run's writes changed the output
 * folders' times). The clock is a minute ahead: every time is old enough to be trusted, without
 * waiting out the 2 s a real run would.
 */
async function settled(): Promise<{ root: string; options: GenerateCodeOptions; state: string }> {
  const root = await tempDir(SOURCES);
  const state = join(root, '.mdkg', 'code-state.json');
  const options: GenerateCodeOptions = { root, outDir: join(root, 'graphs', 'code'), statePath: state, now: Date.now() + 60_000 };
  await generateCode(options);
  await generateCode(options);
  return { root, options, state };
}

const summary = (r: CodeReport) => ({ added: r.added, updated: r.updated, removed: r.removed, unchanged: r.unchanged, parsed: r.parsed, files: r.files });

type Change = (root: string, state: string) => Promise<void>;

const CASES: Array<{ change: string; apply: Change; expected: ReturnType<typeof summary> }> = [
  { change: 'nothing', apply: async () => {}, expected: { added: [], updated: [], removed: [], unchanged: 3, parsed: 0, files: 3 } },
  {
    change: 'an edit that keeps the size',
    apply: (root) => writeFile(join(root, 'src/a.ts'), 'export function ab(): number {\n  return 1;\n}\n'),
    expected: { added: [], updated: ['src/a.ts.md'], removed: [], unchanged: 2, parsed: 1, files: 3 },
  },
  {
    change: 'a file added',
    apply: (root) => writeFile(join(root, 'src/d.ts'), 'export const dd = 4;\n'),
    expected: { added: ['src/d.ts.md'], updated: [], removed: [], unchanged: 3, parsed: 1, files: 4 },
  },
  {
    change: 'a file deleted (the file importing it is regenerated: its import no longer resolves)',
    apply: (root) => rm(join(root, 'src/a.ts')),
    expected: { added: [], updated: ['src/b.ts.md'], removed: ['src/a.ts.md'], unchanged: 1, parsed: 1, files: 2 },
  },
  {
    change: 'a file renamed',
    apply: (root) => rename(join(root, 'src/sub/c.py'), join(root, 'src/sub/e.py')),
    expected: { added: ['src/sub/e.py.md'], updated: [], removed: ['src/sub/c.py.md'], unchanged: 2, parsed: 1, files: 3 },
  },
  {
    change: 'a folder added',
    apply: async (root) => {
      await mkdir(join(root, 'src/new'));
      await writeFile(join(root, 'src/new/f.ts'), 'export const ff = 5;\n');
    },
    expected: { added: ['src/new/f.ts.md'], updated: [], removed: [], unchanged: 3, parsed: 1, files: 4 },
  },
  {
    change: 'a folder removed',
    apply: (root) => rm(join(root, 'src/sub'), { recursive: true }),
    expected: { added: [], updated: [], removed: ['src/sub/c.py.md'], unchanged: 2, parsed: 0, files: 2 },
  },
  {
    change: 'a touch without change (hashed again, not parsed)',
    apply: (root) => utimes(join(root, 'src/a.ts'), new Date(), new Date()),
    expected: { added: [], updated: [], removed: [], unchanged: 3, parsed: 0, files: 3 },
  },
  {
    change: 'a .gitignore written in a folder listed before',
    apply: (root) => writeFile(join(root, 'src/sub/.gitignore'), 'c.py\n'),
    expected: { added: [], updated: [], removed: ['src/sub/c.py.md'], unchanged: 2, parsed: 0, files: 2 },
  },
  {
    change: 'a document deleted by hand (regenerated)',
    apply: (root) => rm(join(root, 'graphs/code/src/a.ts.md')),
    expected: { added: ['src/a.ts.md'], updated: [], removed: [], unchanged: 2, parsed: 1, files: 3 },
  },
  {
    change: 'a truncated state file (a full run)',
    apply: async (_, state) => writeFile(state, (await readFile(state, 'utf8')).slice(0, 200)),
    expected: { added: [], updated: [], removed: [], unchanged: 3, parsed: 3, files: 3 },
  },
  {
    change: 'a state file of another version (a full run)',
    apply: async (_, state) => writeFile(state, (await readFile(state, 'utf8')).replace(/"version":"[^"]*"/, '"version":"code-0"')),
    expected: { added: [], updated: [], removed: [], unchanged: 3, parsed: 3, files: 3 },
  },
  {
    change: 'a state file with one bad entry (a full run)',
    apply: async (_, state) => writeFile(state, (await readFile(state, 'utf8')).replace(/"size":\d+/, '"size":"12"')),
    expected: { added: [], updated: [], removed: [], unchanged: 3, parsed: 3, files: 3 },
  },
];

describe('generateCode, incremental', () => {
  it.each(CASES)('$change', async ({ apply, expected }) => {
    const { root, options, state } = await settled();
    await apply(root, state);
    expect(summary(await generateCode(options))).toEqual(expected);
    // Then nothing changed: no file read, and the state written by the run above is trusted.
    await generateCode(options);
    const before = await stat(state);
    const again = await generateCode(options);
    expect([again.parsed, again.unchanged, again.added.length + again.updated.length + again.removed.length]).toEqual([0, expected.files, 0]);
    expect((await stat(state)).mtimeMs).toBe(before.mtimeMs);
  });

  it('writes the state atomically: no temp file is left beside it', async () => {
    const { root } = await settled();
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(join(root, '.mdkg'))).toEqual(['code-state.json']);
  });
});
