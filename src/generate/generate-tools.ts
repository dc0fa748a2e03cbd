import { resolve } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { listLiveTools, readMcpToolList, type LiveServerConfig } from '../ingest/mcp/index.js';
import { readOpenApi } from '../ingest/openapi/index.js';
import type { IngestResult, ToolHints } from '../ingest/types.js';
import { isValidSourceId } from './file-names.js';
import { sourceDocuments, type AnnotationStats } from './source-documents.js';
import { writeSourceDocuments, type WriteSummary } from './write-documents.js';
import { readTextFile } from '../util/read-file.js';
import { DEFAULT_MAX_TOOL_LIST_BYTES } from '../ingest/mcp/read-tool-list.js';
import type { MdkgError } from '../errors.js';

/** One source to generate: a catalog file or a live server, under a source id. */
export type ToolSource =
  | { id: string; kind: 'openapi' | 'mcp-tools'; file: string }
  | { id: string; kind: 'mcp-server'; server: LiveServerConfig; timeoutMs?: number };

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

async function ingest(source: ToolSource, cwd: string): Promise<IngestResult> {
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
  return source.kind === 'openapi' ? readOpenApi(text, { source: source.id, file: source.file }) : readMcpToolList(text, { source: source.id, file: source.file });
}

/**
 * Generates the tool documents of every source into `<outDir>/<source>/`. Each source stands
 * alone: one that cannot be read reports why and keeps its previous documents (a server that is
 * down must not look like a server whose tools were all removed); the others still generate.
 */
export async function generateTools(sources: readonly ToolSource[], options: GenerateOptions): Promise<SourceReport[]> {
  const reports: SourceReport[] = [];
  for (const [index, source] of sources.entries()) {
    options.onSource?.(source.id, index, sources.length);
    const empty = { source: source.id, added: [], updated: [], removed: [], unchanged: 0, kept: [], tools: 0, edges: 0 };
    if (!isValidSourceId(source.id)) {
      const d: Diagnostic = { code: 'MDKG_SOURCE_INVALID', severity: 'error', message: `'${source.id}' is not a valid source id (letters, digits, '.', '_', '-')` };
      reports.push({ ...empty, diagnostics: [d], ok: false });
      continue;
    }
    const result = await ingest(source, options.cwd);
    // No tools and an error: the source could not be read (or holds nothing usable). Its
    // documents stay; removing them would turn a broken source into "all tools removed".
    if (result.tools.length === 0 && result.diagnostics.some((d) => d.severity === 'error')) {
      reports.push({ ...empty, diagnostics: result.diagnostics, ok: false });
      continue;
    }
    const { documents, stats, edges } = sourceDocuments(result.tools, options.hints ?? {});
    const written = await writeSourceDocuments(options.outDir, source.id, documents);
    reports.push({ ...written, diagnostics: [...result.diagnostics, ...written.diagnostics], tools: result.tools.length, edges, annotations: stats, ok: true });
  }
  return reports;
}
