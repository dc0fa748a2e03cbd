// `mdkg view --static <dir>`: the page with the graph embedded as data, for a folder served as
// plain files (or opened from file://). The page computes neighbourhoods from the embedded triples
// (neighbourhood.ts, as the server does) and shows the documents (text, triples with their lines,
// diagnostics) and the schema written here; SPARQL and tool search need the server and say so.
// Writes only six files of fixed names, each atomically, into a folder that is new, empty, or an
// earlier static copy (never over someone else's index.html); none may be a symbolic link.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { confinePath } from '../code-search/confine-path.js';
import { MdkgError } from '../errors.js';
import { writeFileAtomic } from '../graph/atomic-write.js';
import { type DocumentView, documentApi, schemaApi, type ViewContext } from './api.js';
import { PAGE_CSP } from './server.js';

/** The line that marks an index.html as a static copy of `mdkg view`. */
export const STATIC_MARK = '<meta name="generator" content="mdkg view --static">';
/** The server's Content-Security-Policy, as a meta element: a static host may send no header. */
const STATIC_CSP = `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`;
const FILES = ['index.html', 'assets/app.js', 'assets/app.css', 'assets/sparql.js', 'assets/sparql.css', 'assets/graph-data.js'];
/** The built page's files copied as they are. */
const ASSET_FILES = ['app.js', 'app.css', 'sparql.js', 'sparql.css'];

async function checkFolder(dir: string): Promise<void> {
  const here = await lstat(dir).catch(() => undefined);
  if (here === undefined) return;
  if (!here.isDirectory()) throw new MdkgError('MDKG_FILE_WRITE', `--static ${dir}: not a folder`, { file: dir });
  const entries = await readdir(dir);
  if (entries.length === 0) return;
  const index = await readFile(join(dir, 'index.html'), 'utf8').catch(() => '');
  if (!index.includes(STATIC_MARK))
    throw new MdkgError('MDKG_FILE_WRITE', `--static ${dir}: the folder is not empty and holds no earlier mdkg view page; give a new or empty folder`, {
      file: dir,
    });
  for (const file of FILES) {
    const rel = await confinePath(dir, file);
    const info = await lstat(join(dir, rel)).catch(() => undefined);
    if (info !== undefined && !info.isFile())
      throw new MdkgError('MDKG_PATH_ESCAPE', `--static ${dir}: ${file} is not a regular file`, { file: join(dir, file) });
  }
}

export interface StaticWritten {
  dir: string;
  documents: number;
  bytes: number;
}

/** Writes the static page of the graph into `dir` (absolute), with the built page from `assets`. */
export async function writeStaticView(ctx: ViewContext, dir: string, assets: string): Promise<StaticWritten> {
  await checkFolder(dir);
  const read = (name: string): Promise<string> =>
    readFile(join(assets, name), 'utf8').catch(() => {
      throw new MdkgError('MDKG_NOT_FOUND', `the page is not built (${name} is missing from ${assets}): run npm run build`, { file: join(assets, name) });
    });
  const html = await read('index.html');
  const assetTexts = await Promise.all(ASSET_FILES.map(read));
  const documents: Record<string, DocumentView> = {};
  for (const d of ctx.data.documents) {
    // A document changed or removed since the load is left out (the page says it has no document).
    const view = await documentApi(ctx, d.iri).catch((error: unknown) => {
      if (error instanceof MdkgError) return undefined;
      throw error;
    });
    if (view !== undefined) documents[d.iri] = view;
  }
  // JSON is JavaScript; `<` is escaped so no text in the graph can end a script element.
  const data = `window.mdkgStaticGraph=${JSON.stringify({ graph: ctx.data, documents, schema: schemaApi(ctx) }).replace(/</g, '\\u003c')};\n`;
  const page = html
    .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${STATIC_MARK}\n${STATIC_CSP}`)
    .replace('<!--static graph data-->', '<script src="assets/graph-data.js"></script>');
  await writeFileAtomic(join(dir, 'assets', 'graph-data.js'), data);
  for (const [i, name] of ASSET_FILES.entries()) await writeFileAtomic(join(dir, 'assets', name), assetTexts[i]!);
  await writeFileAtomic(join(dir, 'index.html'), page);
  return { dir, documents: Object.keys(documents).length, bytes: [data, page, ...assetTexts].reduce((sum, text) => sum + Buffer.byteLength(text), 0) };
}
