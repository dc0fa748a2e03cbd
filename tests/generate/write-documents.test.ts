import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markerState } from '../../src/generate/marker.js';
import { writeSourceDocuments } from '../../src/generate/write-documents.js';
import { writeDocument } from '../../src/markdown-ld/write.js';
import { tempDir } from '../helpers/temp-dir.js';

const doc = (name: string, title: string) =>
  writeDocument({ frontMatter: { id: `tool:s/${name}`, type: 'Tool', title, generated: 'mdkg sha256:pending' }, body: `# ${title}\n` });
const docs = (entries: Array<[string, string]>) => new Map(entries.map(([name, title]) => [`${name}.md`, doc(name, title)]));

describe('writeSourceDocuments', () => {
  it('adds, updates, removes and leaves unchanged files untouched', async () => {
    const out = await tempDir();
    const first = await writeSourceDocuments(
      out,
      's',
      docs([
        ['a', 'A'],
        ['b', 'B'],
        ['c', 'C'],
      ]),
    );
    expect(first).toMatchObject({ added: ['s/a.md', 's/b.md', 's/c.md'], updated: [], removed: [], unchanged: 0, kept: [] });
    const again = await writeSourceDocuments(
      out,
      's',
      docs([
        ['a', 'A'],
        ['b', 'B'],
        ['c', 'C'],
      ]),
    );
    expect(again).toMatchObject({ added: [], updated: [], removed: [], unchanged: 3, kept: [] });
    const next = await writeSourceDocuments(
      out,
      's',
      docs([
        ['a', 'A'],
        ['b', 'B2'],
        ['d', 'D'],
      ]),
    );
    expect(next).toMatchObject({ added: ['s/d.md'], updated: ['s/b.md'], removed: ['s/c.md'], unchanged: 1, kept: [] });
    expect(markerState(await readFile(join(out, 's/b.md'), 'utf8'))).toBe('generated');
  });

  it('never overwrites or removes a hand-written or hand-edited document', async () => {
    const out = await tempDir({ 's/notes.md': '---\ntitle: My notes\n---\n', 's/h.md': '# hand-written h\n' });
    await writeSourceDocuments(
      out,
      's',
      docs([
        ['a', 'A'],
        ['b', 'B'],
      ]),
    );
    const edited = (await readFile(join(out, 's/a.md'), 'utf8')).replace('# A', '# A, improved by a person');
    await writeFile(join(out, 's/a.md'), edited);
    expect(markerState(edited)).toBe('edited');
    const r = await writeSourceDocuments(
      out,
      's',
      docs([
        ['a', 'A2'],
        ['h', 'H'],
      ]),
    );
    expect(r).toMatchObject({ added: [], updated: [], removed: ['s/b.md'], kept: ['s/a.md', 's/h.md'] });
    expect(r.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['s/a.md MDKG_GENERATE_CONFLICT', 's/h.md MDKG_GENERATE_CONFLICT']);
    expect(await readFile(join(out, 's/a.md'), 'utf8')).toBe(edited);
    expect(await readFile(join(out, 's/h.md'), 'utf8')).toBe('# hand-written h\n');
    expect(await readFile(join(out, 's/notes.md'), 'utf8')).toBe('---\ntitle: My notes\n---\n');
    const gone = await writeSourceDocuments(out, 's', docs([]));
    expect(gone.kept).toEqual(['s/a.md']);
    expect(gone.diagnostics[0]?.message).toBe('the tool is gone from its source, but the document was edited by hand and is kept');
  });

  it('refuses a document path that leaves the source folder', async () => {
    const out = await tempDir();
    await expect(writeSourceDocuments(out, 's', new Map([['../x.md', doc('x', 'X')]]))).rejects.toThrow('escapes its source folder');
  });
});

describe('generated marker', () => {
  it('treats a CRLF checkout of a generated document as unchanged', async () => {
    const out = await tempDir();
    await writeSourceDocuments(out, 's', docs([['a', 'A']]));
    const lf = await readFile(join(out, 's/a.md'), 'utf8');
    expect(markerState(lf.replace(/\n/g, '\r\n'))).toBe('generated');
    expect(markerState(lf.replace('# A', '# B').replace(/\n/g, '\r\n'))).toBe('edited');
  });
});
