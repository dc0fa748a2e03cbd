import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/bench/catalog.js';
import { readDataset } from '../../src/bench/dataset.js';
import { tempDir } from '../helpers/temp-dir.js';

const TINY = fileURLToPath(new URL('../fixtures/bench/tiny', import.meta.url));
const doc = (source: string, name: string): string =>
  `---\nid: tool:${source}/${name}\ntype: Tool\ntitle: ${name}\nname: ${name}\nsource: ${source}\n---\n# ${name}\n`;

describe('buildCatalog', () => {
  it('generates mcp-tools entries, copies graphs entries, loads both, and removes its temp folder on dispose', async () => {
    const built = await buildCatalog(await readDataset(TINY));
    const root = built.graph.root;
    expect(built.tools).toBe(6);
    expect([...built.toolNames].sort()).toEqual(
      ['delete_file', 'list_directory', 'read_file', 'search_files', 'write_file', 'send_email']
        .flatMap((n) => [n, `${n === 'send_email' ? 'mail' : 'files'}/${n}`])
        .sort(),
    );
    expect(built.diagnostics).toEqual([]);
    expect(
      built.graph
        .documents()
        .map((d) => d.path)
        .filter((p) => !p.includes('_groups')),
    ).toEqual([
      'graphs/mail/mail/send_email.md',
      'tools/files/delete_file.md',
      'tools/files/list_directory.md',
      'tools/files/read_file.md',
      'tools/files/search_files.md',
      'tools/files/write_file.md',
    ]);
    expect(existsSync(root)).toBe(true);
    await built.dispose();
    expect(existsSync(root)).toBe(false);
  });

  it('copies only Markdown from a graphs folder: no dot folders, no symlinks', async () => {
    const outside = await tempDir({ 'secret.md': doc('x', 'secret') });
    const dir = await tempDir({
      'dataset.json': JSON.stringify({
        name: 'g',
        split: 'dev',
        license: 'MIT',
        origin: 't',
        catalog: [{ type: 'graphs', path: 'g', source: 'g' }],
        queries: 'q.jsonl',
      }),
      'q.jsonl': '',
      'g/a.md': doc('g', 'a'),
      'g/sub/b.md': doc('g', 'b'),
      'g/notes.txt': 'not markdown',
      'g/.mdkg/c.md': doc('g', 'c'),
    });
    await symlink(join(outside, 'secret.md'), join(dir, 'g/link.md'));
    await symlink(outside, join(dir, 'g/linked-dir'));
    const built = await buildCatalog(await readDataset(dir));
    try {
      expect(built.entries).toEqual([{ type: 'graphs', path: 'g', source: 'g', documents: 2, ok: true }]);
      expect([...built.toolNames].sort()).toEqual(['a', 'b', 'g/a', 'g/b']);
    } finally {
      await built.dispose();
    }
  });
});
