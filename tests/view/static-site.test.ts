// `mdkg view --static`: the page with the graph embedded, written only into a new or empty folder
// or over an earlier copy, never through a symbolic link; the data cannot end its script element.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { viewContext } from '../../src/view/context.js';
import { STATIC_MARK, writeStaticView } from '../../src/view/static-site.js';
import { tempDir } from '../helpers/temp-dir.js';
import { VIEW_GRAPH } from '../helpers/view-graph.js';

const PAGE = {
  'index.html': '<html><head><meta charset="utf-8"></head><body><!--static graph data--></body></html>',
  'app.js': 'app();',
  'app.css': 'body{}',
  'sparql.js': 'sparql();',
  'sparql.css': 'pre{}',
};

async function setUp(extra: Record<string, string> = {}) {
  const graphs = await tempDir({ ...VIEW_GRAPH, ...extra });
  const assets = await tempDir(PAGE);
  const out = await tempDir();
  return { ctx: viewContext(await loadGraph(graphs, { cache: false }), {}), assets, out };
}

describe('writeStaticView', () => {
  it('writes the page, the assets and the graph as a script', async () => {
    const { ctx, assets, out } = await setUp({ 'guides/script.md': '---\nid: doc:guides/script\ntitle: "</script><script>alert(1)</script>"\n---\n' });
    const site = join(out, 'site');
    const written = await writeStaticView(ctx, site, assets);
    expect(written.documents).toBe(5);
    expect(await readFile(join(site, 'index.html'), 'utf8')).toBe(
      `<html><head><meta charset="utf-8">\n${STATIC_MARK}\n<meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'"></head><body><script src="assets/graph-data.js"></script></body></html>`,
    );
    expect(await readFile(join(site, 'assets', 'app.js'), 'utf8')).toBe('app();');
    const data = await readFile(join(site, 'assets', 'graph-data.js'), 'utf8');
    expect(data.startsWith('window.mdkgStaticGraph={"graph":{"terms":[')).toBe(true);
    expect(data.includes('</script')).toBe(false);
    const embedded = JSON.parse(data.slice('window.mdkgStaticGraph='.length, -2)) as {
      documents: Record<string, { path: string }>;
      schema: { documents: number };
    };
    expect(embedded.documents['https://w3id.org/mdkg/tool/notes/read_note']?.path).toBe('tools/notes/read_note.md');
    expect(embedded.schema.documents).toBe(5);
    // An earlier copy is replaced.
    expect((await writeStaticView(ctx, site, assets)).documents).toBe(5);
  });

  it.each([
    ['a folder that holds other files', { 'notes.txt': 'mine' }, 'MDKG_FILE_WRITE'],
    ['a folder with an index.html of its own', { 'index.html': '<html>mine</html>' }, 'MDKG_FILE_WRITE'],
  ])('refuses %s', async (_, files, code) => {
    const { ctx, assets, out } = await setUp();
    for (const [name, text] of Object.entries(files)) await writeFile(join(out, name), text);
    await expect(writeStaticView(ctx, out, assets)).rejects.toMatchObject({ code });
    expect(await readFile(join(out, Object.keys(files)[0]!), 'utf8')).toBe(Object.values(files)[0]);
  });

  it('refuses an earlier copy whose assets folder is a symbolic link', async () => {
    const { ctx, assets, out } = await setUp();
    const elsewhere = await tempDir();
    await writeFile(join(out, 'index.html'), `<html>${STATIC_MARK}</html>`);
    await symlink(elsewhere, join(out, 'assets'));
    await expect(writeStaticView(ctx, out, assets)).rejects.toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
  });

  it('refuses a file where the folder should be, and says when the page is not built', async () => {
    const { ctx, assets, out } = await setUp();
    await writeFile(join(out, 'file'), 'x');
    await expect(writeStaticView(ctx, join(out, 'file'), assets)).rejects.toMatchObject({ code: 'MDKG_FILE_WRITE' });
    await mkdir(join(out, 'empty'));
    await expect(writeStaticView(ctx, join(out, 'empty'), join(out, 'no-assets'))).rejects.toMatchObject({ code: 'MDKG_NOT_FOUND' });
  });
});
