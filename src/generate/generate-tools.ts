import { lstat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isMdkgError, MdkgError, type Diagnostic } from '../errors.js';
import { listLiveTools, readMcpToolList, type LiveServerConfig, type ServerWords } from '../ingest/mcp/index.js';
import { readOpenApi } from '../ingest/openapi/index.js';
import type { IngestResult, ToolHints } from '../ingest/types.js';
import { boundTool } from './bound-tool.js';
import { isValidSourceId } from './file-names.js';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../markdown-ld/parse.js';

/** Generated documents stay under the loader's limit with room for a hand edit. */
const GENERATED_MAX_BYTES = DEFAULT_MAX_DOCUMENT_BYTES - 64 * 1024;
import { sourceDocuments, type AnnotationStats } from './source-documents.js';
import { writeSourceDocuments, type WriteSummary } from './write-documents.js';
import { readTextFile } from '../util/read-file.js';
import { DEFAULT_MAX_TOOL_LIST_BYTES } from '../ingest/mcp/read-tool-list.js';

/**
 * One source to generate: a catalog file or a live server, under a source id. `description` is
 * what the user wrote about it (`description:` in mdkg.config.yaml); it and what a server says
 * about itself in `initialize` go into the source's own document (`_source.md`).
 */
export type ToolSource = (
  | { id: string; kind: 'openapi' | 'mcp-tools'; file: string }
  | { id: string; kind: 'mcp-server'; server: LiveServerConfig; timeoutMs?: number }
  /** Tools a connected server already listed (the gateway's downstream servers), and its `initialize` words. */
  | { id: string; kind: 'mcp-listed'; tools: readonly unknown[]; words?: ServerWords }
) & { description?: string };

export interface SourceReport extends WriteSummary {
  tools: number;
  edges: number;
  annotations?: AnnotationStats;
  /** False when the source could not be read: its documents were left as they were. */
  ok: boolean;
}

export interface GenerateOptions {
  /** Output folder (`graphs/tools`). */
  outDir: string;
  /** Folder relative file paths and server cwds resolve against. */
  cwd: string;
  hints?: Readonly<Record<string, ToolHints>>;
  onSource?: (id: string, index: number, total: number) => void;
}

async function ingest(source: ToolSource, cwd: string): Promise<IngestResult & { server?: ServerWords }> {
  if (source.kind === 'mcp-listed') {
    const read = readMcpToolList(JSON.stringify({ tools: source.tools }), { source: source.id });
    return source.words === undefined ? read : { ...read, server: source.words };
  }
  if (source.kind === 'mcp-server') {
    return listLiveTools(source.server, { source: source.id, cwd, ...(source.timeoutMs === undefined ? {} : { timeoutMs: source.timeoutMs }) });
  }
  let text: string;
  try {
    text = await readTextFile(resolve(cwd, source.file), { maxBytes: DEFAULT_MAX_TOOL_LIST_BYTES, file: source.file });
  } catch (error) {
    const e = error as MdkgError;
    const code = e.code === 'MDKG_FILE_TOO_LARGE' || e.code === 'MDKG_BINARY_FILE' ? e.code : 'MDKG_FILE_READ';
    return { source: source.id, tools: [], diagnostics: [{ code, severity: 'error', message: e.message, file: source.file }] };
  }
  return source.kind === 'openapi'
    ? readOpenApi(text, { source: source.id, file: source.file })
    : readMcpToolList(text, { source: source.id, file: source.file });
}

/**
 * Generates the tool documents of every source into `<outDir>/<source>/`. Each source stands
 * alone: one that cannot be read reports why and keeps its previous documents (a server that is
 * down must not look like a server whose tools were all removed); the others still generate, and
 * a failure while writing one source (a full disk, a link in the way) fails that source only.
 */
export async function generateTools(sources: readonly ToolSource[], options: GenerateOptions): Promise<SourceReport[]> {
  const reports: SourceReport[] = [];
  for (const [index, source] of sources.entries()) {
    options.onSource?.(source.id, index, sources.length);
    try {
      reports.push(await generateSource(source, options));
    } catch (error) {
      const code = isMdkgError(error) ? error.code : 'MDKG_FILE_WRITE';
      const d: Diagnostic = { code, severity: 'error', message: `source "${source.id}" not written: ${(error as Error).message}` };
      reports.push({ ...emptyReport(source.id), diagnostics: [d], ok: false });
    }
  }
  return reports;
}

const emptyReport = (id: string): Omit<SourceReport, 'diagnostics' | 'ok'> => ({
  source: id,
  added: [],
  updated: [],
  removed: [],
  unchanged: 0,
  kept: [],
  tools: 0,
  edges: 0,
});

async function generateSource(source: ToolSource, options: GenerateOptions): Promise<SourceReport> {
  const empty = emptyReport(source.id);
  if (!isValidSourceId(source.id)) {
    const d: Diagnostic = {
      code: 'MDKG_SOURCE_INVALID',
      severity: 'error',
      message: `'${source.id}' is not a valid source id (letters, digits, '.', '_', '-')`,
    };
    return { ...empty, diagnostics: [d], ok: false };
  }
  await assertRealFolders(options.outDir, source.id);
  const read = await ingest(source, options.cwd);
  const file = 'file' in source ? source.file : undefined;
  // Bounded first: a tool whose name cannot be written is dropped here, before the checks below.
  const bounded = read.tools.map((t) => boundTool(t, file));
  const tools = bounded.flatMap((b) => (b.tool === undefined ? [] : [b.tool]));
  const result = { tools, diagnostics: [...read.diagnostics, ...bounded.flatMap((b) => b.diagnostics)] };
  // No tools and an error: the source could not be read (or holds nothing usable). Its
  // documents stay; removing them would turn a broken source into "all tools removed".
  if (result.tools.length === 0 && result.diagnostics.some((d) => d.severity === 'error')) {
    return { ...empty, diagnostics: result.diagnostics, ok: false };
  }
  // A readable source with no tools at all, where documents exist: far more often a broken
  // server or a spec cut short than a source whose every tool was removed. Nothing is removed.
  const existing = await countMarkdown(join(options.outDir, source.id));
  if (result.tools.length === 0 && existing > 0) {
    const d: Diagnostic = {
      code: 'MDKG_SOURCE_INVALID',
      severity: 'error',
      message: `source "${source.id}" lists no tools now; its ${existing} documents are kept (delete the folder to remove them)`,
    };
    return { ...empty, diagnostics: [...result.diagnostics, d], ok: false };
  }
  const words = {
    source: source.id,
    ...(read.server === undefined ? {} : { server: read.server }),
    ...(source.description === undefined ? {} : { description: source.description }),
  };
  const { documents, stats, edges } = sourceDocuments(result.tools, options.hints ?? {}, words);
  const oversize = checkSizes(documents, source.id);
  const written = await writeSourceDocuments(options.outDir, source.id, oversize.documents, oversize.keep);
  const diagnostics = [...result.diagnostics, ...oversize.diagnostics, ...written.diagnostics];
  return { ...written, diagnostics, tools: result.tools.length, edges, annotations: stats, ok: true };
}

/** Documents the loader would refuse (over its size limit) are not written; an older one is kept. */
function checkSizes(documents: ReadonlyMap<string, string>, source: string): { documents: Map<string, string>; keep: Set<string>; diagnostics: Diagnostic[] } {
  const out = new Map<string, string>();
  const keep = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const [path, text] of documents) {
    const bytes = Buffer.byteLength(text);
    if (bytes <= GENERATED_MAX_BYTES) {
      out.set(path, text);
      continue;
    }
    keep.add(path);
    diagnostics.push({
      code: 'MDKG_TOOL_INVALID',
      severity: 'error',
      message: `the document would be ${bytes} bytes, over the ${GENERATED_MAX_BYTES} a generated document may have: not written`,
      file: `${source}/${path}`,
    });
  }
  return { documents: out, keep, diagnostics };
}

/** The output folder and the source folder are real folders (or missing), never links. */
async function assertRealFolders(outDir: string, source: string): Promise<void> {
  for (const dir of [outDir, join(outDir, source)]) {
    const stat = await lstat(dir).catch(() => undefined);
    if (stat !== undefined && !stat.isDirectory()) {
      throw new MdkgError(
        'MDKG_PATH_ESCAPE',
        `${dir} is ${stat.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: documents are never written through it`,
        { file: dir },
      );
    }
  }
}

async function countMarkdown(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith('.md')).length;
}
